import Foundation
import Testing

@testable import BeeStore

/// The Chinook sample's tables, mapped as they are (names, keys, foreign keys), with a
/// delete rule of each kind: nullify on a nullable foreign key (`Album.tracks`), nullify
/// on a `NOT NULL` one (`Artist.albums`), cascade (`Invoice.lines`), restrict
/// (`Track.invoiceLines`, `Customer.invoices`).
enum Chinook {
    struct Artist: ActiveRecord {
        var id: Int64?
        var name: String?
        var albums: [Album]?

        static let mapping = RecordMapping(table: "Artist", primaryKey: "ArtistId")
            .column("name", "Name")
            .hasMany("albums", foreignKey: "ArtistId")
    }

    struct Album: ActiveRecord {
        var id: Int64?
        var title: String
        var artist: Artist?
        var tracks: [Track]?

        static let mapping = RecordMapping(table: "Album", primaryKey: "AlbumId")
            .column("title", "Title")
            .belongsTo("artist", column: "ArtistId")
            .hasMany("tracks", foreignKey: "AlbumId")
    }

    struct Track: ActiveRecord {
        var id: Int64?
        var name: String
        var album: Album?
        var mediaType: MediaType
        var genre: Genre?
        var milliseconds: Int
        var unitPrice: Double
        var invoiceLines: [InvoiceLine]?
        var playlists: [Playlist]?

        static let mapping = RecordMapping(table: "Track", primaryKey: "TrackId")
            .column("name", "Name")
            .belongsTo("album", column: "AlbumId")
            .belongsTo("mediaType", column: "MediaTypeId")
            .belongsTo("genre", column: "GenreId")
            .column("milliseconds", "Milliseconds")
            .column("unitPrice", "UnitPrice")
            .hasMany("invoiceLines", foreignKey: "TrackId", onDelete: .restrict)
            .manyToMany("playlists", through: "PlaylistTrack", parentColumn: "TrackId", childColumn: "PlaylistId")
    }

    struct Genre: ActiveRecord {
        var id: Int64?
        var name: String?

        static let mapping = RecordMapping(table: "Genre", primaryKey: "GenreId").column("name", "Name")
    }

    struct MediaType: ActiveRecord {
        var id: Int64?
        var name: String?

        static let mapping = RecordMapping(table: "MediaType", primaryKey: "MediaTypeId").column("name", "Name")
    }

    struct Playlist: ActiveRecord {
        var id: Int64?
        var name: String?
        var tracks: [Track]?

        static let mapping = RecordMapping(table: "Playlist", primaryKey: "PlaylistId")
            .column("name", "Name")
            .manyToMany("tracks", through: "PlaylistTrack", parentColumn: "PlaylistId", childColumn: "TrackId")
    }

    final class Employee: ActiveRecord {
        var id: Int64?
        var firstName: String
        var lastName: String
        var manager: Employee?
        var reports: [Employee]?

        init(firstName: String, lastName: String, manager: Employee?) {
            self.firstName = firstName
            self.lastName = lastName
            self.manager = manager
        }

        static let mapping = RecordMapping(table: "Employee", primaryKey: "EmployeeId")
            .column("firstName", "FirstName")
            .column("lastName", "LastName")
            .belongsTo("manager", column: "ReportsTo")
            .hasMany("reports", foreignKey: "ReportsTo")
    }

    struct Customer: ActiveRecord {
        var id: Int64?
        var firstName: String
        var lastName: String
        var email: String
        var supportRep: Employee?
        var invoices: [Invoice]?

        static let mapping = RecordMapping(table: "Customer", primaryKey: "CustomerId")
            .column("firstName", "FirstName")
            .column("lastName", "LastName")
            .column("email", "Email")
            .belongsTo("supportRep", column: "SupportRepId")
            .hasMany("invoices", foreignKey: "CustomerId", onDelete: .restrict)
    }

    struct Invoice: ActiveRecord {
        var id: Int64?
        var customer: Customer?
        var invoiceDate: Date
        var total: Double
        var lines: [InvoiceLine]?

        static let mapping = RecordMapping(table: "Invoice", primaryKey: "InvoiceId")
            .belongsTo("customer", column: "CustomerId")
            .column("invoiceDate", "InvoiceDate")
            .column("total", "Total")
            .hasMany("lines", foreignKey: "InvoiceId", onDelete: .cascade)
    }

    struct InvoiceLine: ActiveRecord {
        var id: Int64?
        var invoice: Invoice?
        var track: Track?
        var unitPrice: Double
        var quantity: Int

        static let mapping = RecordMapping(table: "InvoiceLine", primaryKey: "InvoiceLineId")
            .belongsTo("invoice", column: "InvoiceId")
            .belongsTo("track", column: "TrackId")
            .column("unitPrice", "UnitPrice")
            .column("quantity", "Quantity")
    }

    /// `Artist` with a column the table lacks.
    struct ArtistWithCountry: ActiveRecord {
        var id: Int64?
        var name: String?
        var country: String?

        static let mapping = RecordMapping(table: "Artist", primaryKey: "ArtistId")
            .column("name", "Name")
            .column("country", "Country")
    }

    /// `Genre` with a has-many relation through a foreign key the child's table lacks.
    struct GenreWithMisnamedTracks: ActiveRecord {
        var id: Int64?
        var name: String?
        var tracks: [Track]?

        static let mapping = RecordMapping(table: "Genre", primaryKey: "GenreId")
            .column("name", "Name")
            .hasMany("tracks", foreignKey: "Genre")
    }

    /// `Invoice` with its total only: the table's `NOT NULL` columns `CustomerId` and
    /// `InvoiceDate` are left out.
    struct InvoiceTotal: ActiveRecord {
        var id: Int64?
        var total: Double

        static let mapping = RecordMapping(table: "Invoice", primaryKey: "InvoiceId").column("total", "Total")
    }

    /// `Invoice` with its `NUMERIC(10,2)` total as a `Decimal`.
    struct InvoiceDecimalTotal: ActiveRecord {
        var id: Int64?
        var total: Decimal

        static let mapping = RecordMapping(table: "Invoice", primaryKey: "InvoiceId").column("total", "Total")
    }

    /// `Track` with its name and album only: `MediaTypeId`, `Milliseconds` and `UnitPrice`,
    /// all `NOT NULL`, are left out.
    struct TrackTitle: ActiveRecord {
        var id: Int64?
        var name: String
        var album: Album?

        static let mapping = RecordMapping(table: "Track", primaryKey: "TrackId")
            .column("name", "Name")
            .belongsTo("album", column: "AlbumId")
    }

    /// `Invoice` with its `NUMERIC` total read as text, which SQLite would turn into a number.
    struct InvoiceWithTextTotal: ActiveRecord {
        var id: Int64?
        var total: String

        static let mapping = RecordMapping(table: "Invoice", primaryKey: "InvoiceId").column("total", "Total")
    }
}

/// A writable copy of the Chinook sample, with its schema as it was when copied.
struct ChinookCopy {
    let directory: TemporaryDirectory
    let path: String
    let db: Database
    private let schema: [[Value]]
    private let schemaVersion: Int?

    init() throws {
        directory = try TemporaryDirectory("Chinook")
        path = try Fixtures.copy("chinook.sqlite", into: directory)
        db = try Database(path: path)
        schema = try Self.schema(of: db)
        schemaVersion = try db.fetchValue(Int.self, "PRAGMA schema_version")
    }

    /// Every row of `sqlite_master`, in order.
    static func schema(of db: Database) throws -> [[Value]] {
        try db.fetchAll("SELECT type, name, tbl_name, rootpage, sql FROM sqlite_master ORDER BY rowid").map(\.values)
    }

    /// Expects `sqlite_master` as it was (and never changed in between) and no row
    /// pointing at a missing one.
    func expectSchemaUnchanged(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Self.schema(of: db) == schema, "sqlite_master", sourceLocation: sourceLocation)
        #expect(try db.fetchValue(Int.self, "PRAGMA schema_version") == schemaVersion, sourceLocation: sourceLocation)
        #expect(try db.fetchAll("PRAGMA foreign_key_check").isEmpty, "foreign key check", sourceLocation: sourceLocation)
    }

    /// The rows of `table`, ordered by their first column.
    func rows(_ table: String) throws -> [[Value]] {
        try db.fetchAll("SELECT * FROM \"\(table)\" ORDER BY 1").map(\.values)
    }
}

@Suite("Records: mapping an existing schema (Chinook)")
struct RecordMappingTests {
    typealias Artist = Chinook.Artist
    typealias Album = Chinook.Album
    typealias Track = Chinook.Track
    typealias Playlist = Chinook.Playlist
    typealias Employee = Chinook.Employee
    typealias Invoice = Chinook.Invoice
    typealias InvoiceLine = Chinook.InvoiceLine

    let chinook: ChinookCopy
    var db: Database { chinook.db }

    init() throws {
        chinook = try ChinookCopy()
    }

    // MARK: Loading

    @Test func optionalRelationsAreNilUnlessIncluded() throws {
        let album = try #require(try Album.find(1, in: db))
        #expect(album.title == "For Those About To Rock We Salute You")
        #expect(album.artist == nil && album.tracks == nil, "not included: nil, not empty")
        let track = try #require(try Track.find(1, in: db))
        #expect(track.mediaType.name == "MPEG audio file", "a required relation is always loaded")
        #expect(track.genre == nil && track.album == nil && track.playlists == nil)

        let included = try #require(try Album.query(in: db).including("artist", "tracks").find(1))
        #expect(included.artist?.name == "AC/DC")
        #expect(included.artist?.albums == nil, "only the named relations load")
        #expect(included.tracks?.map(\.id) == [1, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        #expect(included.tracks?.allSatisfy { $0.album == nil && $0.genre == nil } == true)
        #expect(throws: RecordError.unknownRelation(record: "Album", relation: "tracks.composer")) {
            try Album.query(in: db).including("tracks.composer").records()
        }
        try chinook.expectSchemaUnchanged()
    }

    @Test func nestedRelationsLoadToAnyDepth() throws {
        let artist = try #require(try Artist.query(in: db).including("albums.tracks.genre", "albums.artist").find(1))
        let albums = try #require(artist.albums)
        #expect(albums.map(\.title) == ["For Those About To Rock We Salute You", "Let There Be Rock"])
        #expect(albums.map { $0.tracks?.count } == [10, 8])
        #expect(albums.allSatisfy { $0.artist?.name == "AC/DC" })
        #expect(albums.flatMap { $0.tracks ?? [] }.allSatisfy { $0.genre?.name == "Rock" && $0.album == nil })

        let everything = try Artist.query(in: db).including("albums.tracks").records()
        #expect(everything.count == 275)
        #expect(everything.reduce(0) { $0 + ($1.albums?.count ?? 0) } == 347)
        #expect(everything.reduce(0) { $0 + ($1.albums ?? []).reduce(0) { $0 + ($1.tracks?.count ?? 0) } } == 3503)
        try chinook.expectSchemaUnchanged()
    }

    @Test func queriesFilterAndOrderThroughRelations() throws {
        let acdc = try Album.query(in: db).joining("artist").where("artist.Name", "AC/DC").orderAsc("Title").records()
        #expect(acdc.map(\.id) == [1, 4])
        #expect(try Track.query(in: db).joining("album.artist").where("album.artist.Name", "AC/DC").count() == 18)
        let first = try Album.query(in: db).joining("artist").orderAsc("artist.Name").orderAsc("Title").first()
        #expect(first?.title == "For Those About To Rock We Salute You", "AC/DC comes first")
        let byAlbumTitle = try Artist.query(in: db).joining("albums").like("albums.Title", "Greatest Hits")
            .orderAsc("Artist.ArtistId").records()
        #expect(byAlbumTitle.map(\.id) == [51, 78, 100, 109, 131, 141], "once each, however many albums match")
        let withTrack = try Playlist.query(in: db).joining("tracks").where("tracks.Name", "Balls to the Wall")
            .orderAsc("Playlist.PlaylistId").records()
        #expect(withTrack.map(\.id) == [1, 8, 17])
        #expect(withTrack.allSatisfy { $0.tracks == nil }, "joining filters; it loads nothing")
        try chinook.expectSchemaUnchanged()
    }

    // MARK: Saving

    @Test func savingAddsNewChildrenAndLeavesExistingRowsAsTheyAre() throws {
        var album = try #require(try Album.query(in: db).including("artist", "tracks").find(1))
        let tracksBefore = try chinook.rows("Track")
        let mediaTypesBefore = try chinook.rows("MediaType")
        var mediaType = try #require(album.tracks?.first?.mediaType)
        mediaType.name = "an edited copy"
        album.tracks?[0].name = "edited through the album"
        album.tracks?.append(Track(name: "Swarm", mediaType: mediaType, milliseconds: 215_000, unitPrice: 0.99))
        try album.save(in: db)

        #expect(album.tracks?.last?.id == 3504)
        let saved = try #require(try Track.query(in: db).including("album").find(3504))
        #expect(saved.album?.id == 1 && saved.name == "Swarm")
        #expect(saved.mediaType.name == "MPEG audio file", "an existing related row is not written from the copy")
        #expect(Array(try chinook.rows("Track").dropLast()) == tracksBefore, "existing tracks are not written either")
        #expect(try chinook.rows("MediaType") == mediaTypesBefore)
        try chinook.expectSchemaUnchanged()
    }

    @Test func newChildrenOfANotNullForeignKeyAreInsertedPointingAtTheirParent() throws {
        var invoice = try #require(try Invoice.query(in: db).including("customer", "lines").find(1))
        let track = try #require(try Track.find(3, in: db))
        invoice.lines?.append(InvoiceLine(track: track, unitPrice: 0.99, quantity: 2))
        try invoice.save(in: db)

        let lineID = try #require(invoice.lines?.last?.id)
        let line = try #require(try InvoiceLine.query(in: db).including("invoice", "track").find(lineID))
        #expect(line.invoice?.id == 1 && line.track?.id == 3 && line.quantity == 2)
        #expect(try Invoice.query(in: db).including("lines").find(1)?.lines?.count == 3)
        try chinook.expectSchemaUnchanged()
    }

    @Test func aChildMovesToAnotherParent() throws {
        // Through the new parent's has-many relation.
        var album = try #require(try Album.query(in: db).including("artist", "tracks").find(2))
        album.tracks?.append(try #require(try Track.find(7, in: db)))
        try album.save(in: db)
        #expect(try Track.query(in: db).including("album").find(7)?.album?.id == 2)
        #expect(try Album.query(in: db).including("tracks").find(1)?.tracks?.count == 9)
        #expect(try Album.query(in: db).including("tracks").find(2)?.tracks?.map(\.id) == [2, 7])

        // Through the child's belongs-to relation, to another album, then to none.
        var track = try #require(try Track.query(in: db).including("album", "genre").find(6))
        track.album = try Album.find(3, in: db)
        try track.save(in: db)
        #expect(try Track.query(in: db).including("album").find(6)?.album?.id == 3)
        // A nil album is a relation not loaded, as far as a save knows: the key stays.
        track.album = nil
        try track.save(in: db)
        #expect(try Track.query(in: db).including("album").find(6)?.album?.id == 3)
        #expect(try Track.count(in: db) == 3503)
        try chinook.expectSchemaUnchanged()
    }

    @Test func existingRelatedRecordsLoadedWithoutTheirRelationsAreLeftAsTheyAre() throws {
        let albums = try chinook.rows("Album")
        let lines = try chinook.rows("InvoiceLine")
        // Album 3 is loaded without its artist: its copy has no ArtistId, a NOT NULL column.
        var track = try #require(try Track.query(in: db).including("album", "genre").find(1))
        track.album = try Album.find(3, in: db)
        try track.save(in: db)
        #expect(try Track.query(in: db).including("album.artist").find(1)?.album?.artist?.id == 2)
        // The lines are loaded without their tracks: InvoiceLine.TrackId is NOT NULL too.
        var invoice = try #require(try Invoice.query(in: db).including("customer", "lines").find(1))
        invoice.total = 2
        try invoice.save(in: db)
        #expect(try Invoice.find(1, in: db)?.total == 2)
        #expect(try chinook.rows("Album") == albums)
        #expect(try chinook.rows("InvoiceLine") == lines)
        try chinook.expectSchemaUnchanged()
    }

    // MARK: Delete rules

    @Test func removingAChildOfANullifyRelationLetsGoOfIt() throws {
        var album = try #require(try Album.query(in: db).including("artist", "tracks").find(1))
        let removed = try #require(album.tracks?.first)
        album.tracks?.removeFirst()
        try album.save(in: db)
        #expect(try Album.query(in: db).including("tracks").find(1)?.tracks?.count == 9)
        let track = try #require(try Track.query(in: db).including("album").find(removed.id ?? 0), "the track stays")
        #expect(track.album == nil)
        try chinook.expectSchemaUnchanged()
    }

    @Test func removingAChildOfACascadeRelationDeletesIt() throws {
        var invoice = try #require(try Invoice.query(in: db).including("customer", "lines").find(2))
        #expect(invoice.lines?.map(\.id) == [3, 4, 5, 6])
        invoice.lines?.remove(at: 1)
        try invoice.save(in: db)
        #expect(try InvoiceLine.find(4, in: db) == nil)
        #expect(try Invoice.query(in: db).including("lines").find(2)?.lines?.map(\.id) == [3, 5, 6])
        #expect(try InvoiceLine.count(in: db) == 2239)
        try chinook.expectSchemaUnchanged()
    }

    @Test func removingAChildOfARestrictRelationIsRefusedAndChangesNothing() throws {
        var track = try #require(try Track.query(in: db).including("album", "genre", "invoiceLines").find(2))
        #expect(track.invoiceLines?.map(\.id) == [1, 1154])
        track.invoiceLines = []
        track.name = "renamed"
        let tracks = try chinook.rows("Track")
        let lines = try chinook.rows("InvoiceLine")
        #expect(throws: RecordError.restricted(record: "Track", relation: "invoiceLines")) { try track.save(in: db) }
        #expect(try chinook.rows("Track") == tracks)
        #expect(try chinook.rows("InvoiceLine") == lines)
        try chinook.expectSchemaUnchanged()
    }

    @Test func removingAChildWhoseNotNullForeignKeyCannotBeNullifiedFailsAndChangesNothing() throws {
        var artist = try #require(try Artist.query(in: db).including("albums").find(1))
        artist.albums?.removeFirst()
        artist.name = "renamed"
        let artists = try chinook.rows("Artist")
        let albums = try chinook.rows("Album")
        let error = try #require(throws: DatabaseError.self) { try artist.save(in: db) }
        #expect(error.extendedResultCode == .notNullConstraint)
        #expect(try chinook.rows("Artist") == artists)
        #expect(try chinook.rows("Album") == albums)
        try chinook.expectSchemaUnchanged()
    }

    @Test func deletingAParentOfANullifyRelationLetsGoOfItsChildren() throws {
        let album = try #require(try Album.find(1, in: db))
        #expect(try album.delete(in: db))
        #expect(try Album.find(1, in: db) == nil)
        #expect(try Track.count(in: db) == 3503)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM Track WHERE AlbumId IS NULL") == 10)
        try chinook.expectSchemaUnchanged()
    }

    @Test func deletingAParentOfACascadeRelationDeletesItsChildren() throws {
        let invoice = try #require(try Invoice.find(2, in: db))
        #expect(try invoice.delete(in: db))
        #expect(try Invoice.find(2, in: db) == nil)
        #expect(try InvoiceLine.query(in: db).where("InvoiceId", 2).count() == 0)
        #expect(try InvoiceLine.count(in: db) == 2236)
        #expect(try Chinook.Customer.find(4, in: db) != nil, "a belongs-to relation is not deleted")
        try chinook.expectSchemaUnchanged()
    }

    @Test func deletingAParentOfARestrictRelationIsRefusedWhileItHasChildren() throws {
        let tracks = try chinook.rows("Track")
        let sold = try #require(try Track.find(2, in: db))
        #expect(throws: RecordError.restricted(record: "Track", relation: "invoiceLines")) { try sold.delete(in: db) }
        let customer = try #require(try Chinook.Customer.find(1, in: db))
        #expect(throws: RecordError.restricted(record: "Customer", relation: "invoices")) { try customer.delete(in: db) }
        #expect(try chinook.rows("Track") == tracks)

        // A track never sold is deleted, with its links to playlists (not the playlists).
        let unsold = try #require(try Track.query(in: db).including("playlists").find(7))
        #expect(unsold.playlists?.map(\.id) == [1, 8])
        #expect(try unsold.delete(in: db))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM PlaylistTrack WHERE TrackId = 7") == 0)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM PlaylistTrack") == 8713)
        #expect(try Playlist.count(in: db) == 18)
        try chinook.expectSchemaUnchanged()
    }

    @Test func deletingAParentWhoseChildrenHaveANotNullForeignKeyFailsAndChangesNothing() throws {
        let artists = try chinook.rows("Artist")
        let albums = try chinook.rows("Album")
        let artist = try #require(try Artist.find(1, in: db))
        let error = try #require(throws: DatabaseError.self) { try artist.delete(in: db) }
        #expect(error.extendedResultCode == .notNullConstraint)
        #expect(try chinook.rows("Artist") == artists)
        #expect(try chinook.rows("Album") == albums)

        let withoutAlbums = try #require(try Artist.find(25, in: db))
        #expect(try withoutAlbums.delete(in: db))
        #expect(try Artist.count(in: db) == 274)
        try chinook.expectSchemaUnchanged()
    }

    // MARK: Self-reference and many-to-many

    @Test func employeesReportToEmployeesBothWays() throws {
        let nancy = try #require(try Employee.query(in: db).including("manager", "reports.reports").find(2))
        #expect(nancy.manager?.firstName == "Andrew")
        #expect(nancy.reports?.map(\.firstName) == ["Jane", "Margaret", "Steve"])
        #expect(nancy.reports?.allSatisfy { $0.reports?.isEmpty == true } == true)
        let andrew = try #require(try Employee.query(in: db).including("manager", "reports.manager").find(1))
        #expect(andrew.manager == nil)
        #expect(andrew.reports?.map(\.firstName) == ["Nancy", "Michael"])
        #expect(andrew.reports?.allSatisfy { $0.manager?.id == 1 } == true, "the inverse relation, along the path")

        // Laura moves to Nancy, through her manager; Ann joins Andrew's reports, Michael leaves them.
        var laura = try #require(try Employee.find(8, in: db))
        laura.manager = try Employee.find(2, in: db)
        try laura.save(in: db)
        var boss = try #require(try Employee.query(in: db).including("reports").find(1))
        boss.reports = (boss.reports ?? []).filter { $0.firstName != "Michael" }
            + [Employee(firstName: "Ann", lastName: "Hive", manager: nil)]
        try boss.save(in: db)

        let reports = { (id: Int64) in try Employee.query(in: db).including("reports").find(id)?.reports?.map(\.firstName) }
        #expect(try reports(1) == ["Nancy", "Ann"])
        #expect(try reports(2) == ["Jane", "Margaret", "Steve", "Laura"])
        #expect(try reports(6) == ["Robert"])
        #expect(try Employee.query(in: db).including("manager").find(6)?.manager == nil, "Michael reports to no one")
        #expect(try Employee.count(in: db) == 9)
        try chinook.expectSchemaUnchanged()
    }

    @Test func tracksJoinAndLeaveAPlaylistThroughItsJoinTable() throws {
        let tracks = try chinook.rows("Track")
        var playlist = try #require(try Playlist.query(in: db).including("tracks").find(18))
        #expect(playlist.tracks?.map(\.id) == [597])
        let first = try #require(try Track.find(1, in: db))
        playlist.tracks? += [first, try #require(try Track.find(2, in: db)), first]
        try playlist.save(in: db)
        #expect(try Playlist.query(in: db).including("tracks").find(18)?.tracks?.map(\.id) == [1, 2, 597])
        #expect(try Track.query(in: db).including("playlists").find(1)?.playlists?.map(\.id) == [1, 8, 17, 18])

        playlist.tracks?.removeAll { $0.id == 597 || $0.id == 2 }
        try playlist.save(in: db)
        #expect(try Playlist.query(in: db).including("tracks").find(18)?.tracks?.map(\.id) == [1])
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM PlaylistTrack") == 8715)
        #expect(try chinook.rows("Track") == tracks, "only links change")
        try chinook.expectSchemaUnchanged()
    }

    // MARK: Never altering a mapped table

    @Test func savingARecordThatLeavesNotNullColumnsOutUpdatesItsRow() throws {
        let invoiceBefore = try chinook.rows("Invoice")[0]
        var invoice = try #require(try Chinook.InvoiceTotal.find(1, in: db))
        invoice.total = 9.99
        try invoice.save(in: db)
        var expectedInvoice = invoiceBefore
        expectedInvoice[8] = 9.99
        #expect(try chinook.rows("Invoice")[0] == expectedInvoice)

        let trackBefore = try chinook.rows("Track")[0]
        var track = try #require(try Chinook.TrackTitle.query(in: db).including("album").where("TrackId", 1).first())
        #expect(track.album?.id == 1)
        track.name = "Renamed"
        try track.save(in: db)
        var expectedTrack = trackBefore
        expectedTrack[1] = "Renamed"
        #expect(try chinook.rows("Track")[0] == expectedTrack)

        // A new row cannot be made without those columns: SQLite's error says which.
        var missing = Chinook.InvoiceTotal(id: 100_000, total: 1)
        let error = #expect(throws: DatabaseError.self) { try missing.save(in: db) }
        #expect(error?.extendedResultCode == .notNullConstraint)
        #expect(try Chinook.InvoiceTotal.find(100_000, in: db) == nil)
        try chinook.expectSchemaUnchanged()
    }

    @Test func aDecimalPropertyMapsOntoANumericColumn() throws {
        let invoices = try Chinook.InvoiceDecimalTotal.query(in: db).orderAsc("InvoiceId").limit(3).records()
        let stored = try db.fetchAll("SELECT Total FROM Invoice ORDER BY InvoiceId LIMIT 3").map { try $0.decode(Double.self, at: 0) }
        #expect(invoices.map(\.total) == stored.map { Decimal(string: "\($0)")! })
        #expect(invoices.first?.total == Decimal(string: "1.98"))
        var invoice = invoices[0]
        invoice.total = Decimal(string: "0.99")!
        try invoice.save(in: db)
        #expect(try Chinook.InvoiceDecimalTotal.find(1, in: db)?.total == Decimal(string: "0.99"))
        #expect(try db.fetchOne("SELECT typeof(Total), Total FROM Invoice WHERE InvoiceId = 1")?.values == ["real", 0.99])
        try chinook.expectSchemaUnchanged()
    }

    @Test func aMappedTableIsNeverAltered() throws {
        #expect(throws: RecordError.missingColumns(table: "Artist", columns: ["Country"])) {
            try Chinook.ArtistWithCountry.count(in: db)
        }
        var artist = Chinook.ArtistWithCountry(name: "The Bees", country: "UK")
        #expect(throws: RecordError.missingColumns(table: "Artist", columns: ["Country"])) { try artist.save(in: db) }
        #expect(throws: RecordError.missingColumns(table: "Track", columns: ["Genre"])) {
            try Chinook.GenreWithMisnamedTracks.query(in: db).including("tracks").records()
        }
        #expect(try Artist.count(in: db) == 275)
        try chinook.expectSchemaUnchanged()
    }

    @Test func dateTimeColumnsHoldDatesAndNumericColumnsStayNumbers() throws {
        let first = try #require(try Invoice.find(1, in: db))
        #expect(first.invoiceDate == Date(timeIntervalSince1970: 1_609_459_200), "2021-01-01 00:00:00 UTC")
        var invoice = Invoice(
            customer: try Chinook.Customer.find(2, in: db), invoiceDate: Date(timeIntervalSince1970: 1_700_000_000.25),
            total: 0.99, lines: [InvoiceLine(track: try Track.find(1, in: db), unitPrice: 0.99, quantity: 1)])
        try invoice.save(in: db)
        let saved = try #require(try Invoice.query(in: db).including("customer", "lines").find(invoice.id ?? 0))
        #expect(saved.invoiceDate == invoice.invoiceDate && saved.customer?.id == 2 && saved.lines?.count == 1)

        #expect(throws: RecordError.columnTypeChanged(table: "Invoice", column: "Total", existing: "NUMERIC(10,2)", expected: "TEXT")) {
            try Chinook.InvoiceWithTextTotal.count(in: db)
        }
        try chinook.expectSchemaUnchanged()
    }
}

/// A country keyed by its ISO code.
struct Country: ActiveRecord, Equatable {
    var id: String
    var name: String
    var cities: [City]?
}

/// A city keyed by a UUID, in a country keyed by text.
struct City: ActiveRecord, Equatable {
    var id: UUID
    var name: String
    var country: Country?
}

/// A tag is identified by its name: a new one saved twice is one row.
struct Tag: ActiveRecord, Equatable {
    var id: Int64?
    var name: String

    static let mapping = RecordMapping().unique("name")
}

struct Bookmark: ActiveRecord {
    var id: Int64?
    var url: String
    var tags: [Tag]
    var mainTag: Tag?

    static let mapping = RecordMapping().manyToMany("tags")
}

@Suite("Records: keys the app assigns, and unique keys")
struct RecordKeyTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
    }

    @Test func textAndUUIDKeysAreStoredAsTextAndFindTheirRows() throws {
        let paris = UUID(), lyon = UUID()
        var france = Country(id: "FR", name: "France", cities: [City(id: paris, name: "Paris"), City(id: lyon, name: "Lyon")])
        try france.save(in: db)
        let columns = try db.fetchAll("SELECT name, type, \"notnull\", pk FROM pragma_table_info('city') ORDER BY cid").map(\.values)
        #expect(columns == [["id", "TEXT", 1, 1], ["name", "TEXT", 1, 0], ["country_id", "TEXT", 0, 0]])
        #expect(try db.fetchValue(String.self, "SELECT country_id FROM city WHERE id = ?", [paris.uuidString]) == "FR")

        let fetched = try #require(try Country.query(in: db).including("cities").find("FR"))
        #expect(fetched.cities?.map(\.name).sorted() == ["Lyon", "Paris"])
        #expect(try City.query(in: db).including("country").find(lyon)?.country?.name == "France")
        #expect(try City.find(UUID(), in: db) == nil)

        france.name = "République française"
        try france.save(in: db)
        #expect(try Country.count(in: db) == 1, "a saved key updates its row")
        #expect(try Country.find("FR", in: db)?.name == "République française")
        var copy = Country(id: "FR", name: "again")
        #expect(throws: DatabaseError.self) { try copy.insert(in: db) }
        #expect(throws: RecordError.notFound(record: "Country", id: .text("XX"))) {
            try Country(id: "XX", name: "nowhere").update(in: db)
        }

        #expect(try france.delete(in: db))
        #expect(try City.count(in: db) == 2, "the cities are let go of")
        #expect(try City.query(in: db).including("country").find(paris)?.country == nil)
    }

    @Test func aNewRecordWithAUniqueKeyIsFoundRatherThanInsertedAgain() throws {
        let swift = Tag(name: "swift")
        var bookmarks = [
            Bookmark(url: "https://swift.org", tags: [swift, Tag(name: "language")], mainTag: swift),
            Bookmark(url: "https://sqlite.org", tags: [swift, Tag(name: "sqlite"), swift], mainTag: nil),
        ]
        try bookmarks.save(in: db)
        #expect(try Tag.query(in: db).orderAsc("id").records().map(\.name) == ["swift", "language", "sqlite"])
        let swiftID = try #require(bookmarks[0].tags[0].id)
        #expect(bookmarks[1].tags.map(\.id) == [swiftID, 3, swiftID])
        #expect(bookmarks[0].mainTag?.id == swiftID)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM bookmark_tags WHERE child_id = ?", [swiftID]) == 2,
                "one link per bookmark, however many times the tag is listed")

        var later = Bookmark(url: "https://swiftpackageindex.com", tags: [Tag(name: "swift")], mainTag: Tag(name: "swift"))
        try later.save(in: db)
        #expect(try Tag.count(in: db) == 3)
        #expect(later.tags.map(\.id) == [swiftID] && later.mainTag?.id == swiftID)
        #expect(try Bookmark.query(in: db).including("mainTag").find(later.id ?? 0)?.tags.map(\.name) == ["swift"])
    }
}

extension RecordKeyTests {
    @Test func createdTablesCarryTheDeclaredUniqueKeys() throws {
        var tag = Tag(name: "swift")
        try tag.save(in: db)
        let unique = try db.fetchAll(
            "SELECT ii.name FROM pragma_index_list('tag') AS il, pragma_index_info(il.name) AS ii WHERE il.\"unique\""
        ).map { try $0.decode(String.self, at: 0) }
        #expect(unique == ["name"])
        #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO tag (name) VALUES ('swift')") }
    }

    @Test func concurrentSaversOfOneUniqueRecordGetOneRow() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tags.sqlite")
        _ = try Bookmark.count(in: try Database(path: path))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let db = try Database(path: path)
                    for round in 0..<10 {
                        var bookmark = Bookmark(url: "https://\(worker).\(round)", tags: [Tag(name: "shared")], mainTag: nil)
                        try bookmark.save(in: db)
                    }
                }
            }
            try await group.waitForAll()
        }
        let db = try Database(path: path)
        #expect(try Tag.query(in: db).where("name", "shared").count() == 1)
        #expect(try Bookmark.count(in: db) == 40)
    }

    @Test func lookupsByKeyTakeTheRecordsKeyType() throws {
        var france = Country(id: "FR", name: "France")
        try france.save(in: db)
        #expect(try Country.exists("FR", in: db))
        #expect(try !Country.exists("XX", in: db))
        #expect(try Country.delete("FR", in: db))
        #expect(try !Country.delete("FR", in: db), "no row left to delete")
        var tag = Tag(name: "swift")
        try tag.save(in: db)
        #expect(try Tag.find(nil, in: db) == nil, "no key finds nothing")
        #expect(try !Tag.exists(nil, in: db))
        #expect(try Tag.find(tag.id, in: db) == tag)
        #expect(try Tag.delete(tag.id, in: db))
        #expect(try Tag.count(in: db) == 0)
    }
}
