import BeeStore
import Foundation

/// Records on a schema BeeStore did not create: the Chinook sample's 11 tables, mapped
/// with their own names, keys and foreign keys, read and written through records and
/// relations only.
///
/// `swift run ChinookRecords [path]`: without a path, it works on a temporary copy of
/// the repository's Chinook sample.
@main
struct ChinookRecords {
    static func main() {
        do {
            let arguments = CommandLine.arguments.dropFirst()
            guard arguments.count <= 1 else { throw ChinookError.usage }
            let copy = arguments.isEmpty ? try SampleCopy() : nil
            defer { copy?.remove() }
            guard let path = arguments.first ?? copy?.path else { throw ChinookError.usage }
            guard FileManager.default.fileExists(atPath: path) else { throw ChinookError.noDatabase(path) }
            let db = try Database(path: path)
            defer { db.close() }

            let inspector = Inspector(db)
            let schemaBefore = try inspector.schemaSQL()
            try printCounts(db)
            try printArtistsWithTheMostAlbums(db)
            try printAlbum(1, db)
            try printPlaylistWithTheMostTracks(db)
            try printEmployees(db)
            try printInvoice(1, db)
            try saveAnAlbum(db)
            print("Schema unchanged: \(try inspector.schemaSQL() == schemaBefore ? "yes" : "no").")
            print(try inspector.checkIntegrity(), terminator: "")
        } catch {
            FileHandle.standardError.write(Data("ChinookRecords: \(error)\n".utf8))
            exit(1)
        }
    }

    static func printCounts(_ db: Database) throws {
        print("\(try Artist.count(in: db)) artists, \(try Album.count(in: db)) albums, \(try Track.count(in: db)) tracks.")
        print("")
    }

    /// Optional relations are loaded only when a query includes them.
    static func printArtistsWithTheMostAlbums(_ db: Database) throws {
        print("Artists with the most albums:")
        let artists = try Artist.query(in: db).including("albums").orderAsc("Name").records()
        for artist in artists.sorted(by: { ($0.albums?.count ?? 0) > ($1.albums?.count ?? 0) }).prefix(3) {
            print("  \(artist.name ?? "?"): \(artist.albums?.count ?? 0) albums")
        }
        print("")
    }

    /// Nested relations are named by their path: the album's tracks, and each track's genre.
    static func printAlbum(_ id: Int64, _ db: Database) throws {
        guard let album = try Album.query(in: db).including("artist", "tracks.genre").find(id) else {
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
    static func printPlaylistWithTheMostTracks(_ db: Database) throws {
        let playlists = try Playlist.query(in: db).including("tracks").orderAsc("PlaylistId").records()
        guard let playlist = playlists.max(by: { ($0.tracks?.count ?? 0) < ($1.tracks?.count ?? 0) }) else {
            throw ChinookError.missing("a playlist")
        }
        print("Playlist with the most tracks: \(playlist.name ?? "?") (#\(playlist.id ?? 0)), \(playlist.tracks?.count ?? 0) tracks")
        print("")
    }

    /// A self-reference, both ways: each employee's manager, and their reports.
    static func printEmployees(_ db: Database) throws {
        print("Employees and their reports:")
        for employee in try Employee.query(in: db).including("manager", "reports").orderAsc("EmployeeId").records() {
            let manager = employee.manager.map { ", reports to \($0.firstName) \($0.lastName)" } ?? ""
            print("  \(employee.firstName) \(employee.lastName), \(employee.title ?? "?")\(manager): "
                + "\(employee.reports?.count ?? 0) reports")
        }
        print("")
    }

    /// Relations of relations: the invoice's customer and their support rep, its lines and their tracks.
    static func printInvoice(_ id: Int64, _ db: Database) throws {
        guard let invoice = try Invoice.query(in: db).including("customer.supportRep", "lines.track").find(id) else {
            throw ChinookError.missing("invoice \(id)")
        }
        let customer = invoice.customer.map { "\($0.firstName) \($0.lastName)" } ?? "?"
        let rep = invoice.customer?.supportRep.map { "\($0.firstName) \($0.lastName)" } ?? "?"
        print("Invoice \(id), \(invoice.invoiceDate), for \(customer) (support rep \(rep)): \(invoice.total)")
        for line in invoice.lines ?? [] {
            print("  \(line.quantity) × \(line.track?.name ?? "?") at \(line.unitPrice)")
        }
        print("")
    }

    /// A new album with two new tracks, saved in one call: the artist, genre and media
    /// type exist, so they are referenced, not written again.
    static func saveAnAlbum(_ db: Database) throws {
        guard let artist = try Artist.query(in: db).where("Name", "AC/DC").first() else { throw ChinookError.missing("AC/DC") }
        guard let rock = try Genre.query(in: db).where("Name", "Rock").first() else { throw ChinookError.missing("Rock") }
        guard let mpeg = try MediaType.find(1, in: db) else { throw ChinookError.missing("media type 1") }
        var album = Album(title: "Live at the Hive", artist: artist, tracks: [
            Track(name: "Swarm", mediaType: mpeg, genre: rock, milliseconds: 215_000, unitPrice: 0.99),
            Track(name: "Queen Bee", mediaType: mpeg, genre: rock, milliseconds: 241_000, unitPrice: 0.99),
        ])
        try album.save(in: db)
        let trackIDs = (album.tracks ?? []).map { "#\($0.id ?? 0)" }.joined(separator: " and ")
        print("Saved album #\(album.id ?? 0) \"\(album.title)\" with tracks \(trackIDs).")

        guard let saved = try Album.query(in: db).including("artist", "tracks.genre").find(album.id ?? 0) else {
            throw ChinookError.missing("the new album")
        }
        let tracks = (saved.tracks ?? []).map { "\($0.name) (\($0.genre?.name ?? "?"), \($0.mediaType.name ?? "?"))" }
        print("Read back: \"\(saved.title)\" by \(saved.artist?.name ?? "?"): \(tracks.joined(separator: ", ")).")
        print("")
    }
}
