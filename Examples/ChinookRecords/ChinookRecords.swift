import BeeStore
import Foundation

/// Records on a schema BeeStore did not create: the Chinook sample's 11 tables, mapped
/// with their own names, keys and foreign keys, read and written through records and
/// relations only.
///
/// `swift run ChinookRecords [path]`: without a path, it works on a temporary copy of
/// the repository's Chinook sample. `swift run --traits PostgreSQL ChinookRecords --postgres URL`:
/// the same facts from a PostgreSQL database, loaded with the sample when it is empty.
@main
struct ChinookRecords {
    static func main() {
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--postgres" {
                guard arguments.count == 2 else { throw ChinookError.usage }
                try runOnPostgreSQL(arguments[1])
            } else {
                guard arguments.count <= 1 else { throw ChinookError.usage }
                try runOnSQLite(arguments.first)
            }
        } catch {
            FileHandle.standardError.write(Data("ChinookRecords: \(error)\n".utf8))
            exit(1)
        }
    }

    /// On the SQLite database at `path`, or on a temporary copy of the sample.
    static func runOnSQLite(_ path: String?) throws {
        let copy = path == nil ? try SampleCopy() : nil
        defer { copy?.remove() }
        guard let path = path ?? copy?.path else { throw ChinookError.usage }
        guard FileManager.default.fileExists(atPath: path) else { throw ChinookError.noDatabase(path) }
        let db = try Database(path: path)
        defer { db.close() }

        let inspector = Inspector(db)
        let schemaBefore = try inspector.schemaSQL()
        try printFacts(db)
        print("Schema unchanged: \(try inspector.schemaSQL() == schemaBefore ? "yes" : "no").")
        print(try inspector.checkIntegrity(), terminator: "")
    }

    /// The facts, in the order the expected output shows them.
    static func printFacts(_ store: some RecordStore) throws {
        try printCounts(store)
        try printArtistsWithTheMostAlbums(store)
        try printAlbum(1, store)
        try printPlaylistWithTheMostTracks(store)
        try printEmployees(store)
        try printInvoice(1, store)
        try saveAnAlbum(store)
    }

    static func printCounts(_ db: some RecordStore) throws {
        print("\(try db.count(Artist.self)) artists, \(try db.count(Album.self)) albums, \(try db.count(Track.self)) tracks.")
        print("")
    }

    /// Optional relations are loaded only when a query includes them.
    static func printArtistsWithTheMostAlbums(_ db: some RecordStore) throws {
        print("Artists with the most albums:")
        let artists = try db.records(Artist.query().including("albums").orderAsc("Name"))
        for artist in artists.sorted(by: { ($0.albums?.count ?? 0) > ($1.albums?.count ?? 0) }).prefix(3) {
            print("  \(artist.name ?? "?"): \(artist.albums?.count ?? 0) albums")
        }
        print("")
    }

    /// Nested relations are named by their path: the album's tracks, and each track's genre.
    static func printAlbum(_ id: Int64, _ db: some RecordStore) throws {
        guard let album = try db.find(id, Album.query().including("artist", "tracks.genre")) else {
            throw ChinookError.missing("album \(id)")
        }
        print("Album \(id): \(album.title) by \(album.artist?.name ?? "?")")
        for track in album.tracks ?? [] {
            let seconds = track.milliseconds / 1000
            print("  \(track.name) (\(track.genre?.name ?? "?"), \(String(format: "%d:%02d", seconds / 60, seconds % 60)))")
        }
        print("")
    }

    /// Many-to-many, through the existing join table `PlaylistTrack`.
    static func printPlaylistWithTheMostTracks(_ db: some RecordStore) throws {
        let playlists = try db.records(Playlist.query().including("tracks").orderAsc("PlaylistId"))
        guard let playlist = playlists.max(by: { ($0.tracks?.count ?? 0) < ($1.tracks?.count ?? 0) }) else {
            throw ChinookError.missing("a playlist")
        }
        print("Playlist with the most tracks: \(playlist.name ?? "?") (#\(playlist.id ?? 0)), \(playlist.tracks?.count ?? 0) tracks")
        print("")
    }

    /// A self-reference, both ways: each employee's manager, and their reports.
    static func printEmployees(_ db: some RecordStore) throws {
        print("Employees and their reports:")
        for employee in try db.records(Employee.query().including("manager", "reports").orderAsc("EmployeeId")) {
            let manager = employee.manager.map { ", reports to \($0.firstName) \($0.lastName)" } ?? ""
            print("  \(employee.firstName) \(employee.lastName), \(employee.title ?? "?")\(manager): "
                + "\(employee.reports?.count ?? 0) reports")
        }
        print("")
    }

    /// Relations of relations: the invoice's customer and their support rep, its lines and their tracks.
    static func printInvoice(_ id: Int64, _ db: some RecordStore) throws {
        guard let invoice = try db.find(id, Invoice.query().including("customer.supportRep", "lines.track")) else {
            throw ChinookError.missing("invoice \(id)")
        }
        let customer = invoice.customer.map { "\($0.firstName) \($0.lastName)" } ?? "?"
        let rep = invoice.customer?.supportRep.map { "\($0.firstName) \($0.lastName)" } ?? "?"
        // To the second, as the sample writes it: a TIMESTAMP column reads back with milliseconds.
        let date = invoice.invoiceDate.prefix("yyyy-mm-dd hh:mm:ss".count)
        print("Invoice \(id), \(date), for \(customer) (support rep \(rep)): \(invoice.total)")
        for line in invoice.lines ?? [] {
            print("  \(line.quantity) × \(line.track?.name ?? "?") at \(line.unitPrice)")
        }
        print("")
    }

    /// A new album with two new tracks, saved in one call: the artist, genre and media
    /// type exist, so they are referenced, not written again.
    static func saveAnAlbum(_ db: some RecordStore) throws {
        guard let artist = try db.first(Artist.query().where("Name", "AC/DC")) else { throw ChinookError.missing("AC/DC") }
        guard let rock = try db.first(Genre.query().where("Name", "Rock")) else { throw ChinookError.missing("Rock") }
        guard let mpeg = try db.find(1, MediaType.query()) else { throw ChinookError.missing("media type 1") }
        var album = Album(title: "Live at the Hive", artist: artist, tracks: [
            Track(name: "Swarm", mediaType: mpeg, genre: rock, milliseconds: 215_000, unitPrice: 0.99),
            Track(name: "Queen Bee", mediaType: mpeg, genre: rock, milliseconds: 241_000, unitPrice: 0.99),
        ])
        try db.save(&album)
        let trackIDs = (album.tracks ?? []).map { "#\($0.id ?? 0)" }.joined(separator: " and ")
        print("Saved album #\(album.id ?? 0) \"\(album.title)\" with tracks \(trackIDs).")

        guard let saved = try db.find(album.id ?? 0, Album.query().including("artist", "tracks.genre")) else {
            throw ChinookError.missing("the new album")
        }
        let tracks = (saved.tracks ?? []).map { "\($0.name) (\($0.genre?.name ?? "?"), \($0.mediaType.name ?? "?"))" }
        print("Read back: \"\(saved.title)\" by \(saved.artist?.name ?? "?"): \(tracks.joined(separator: ", ")).")
        print("")
    }
}
