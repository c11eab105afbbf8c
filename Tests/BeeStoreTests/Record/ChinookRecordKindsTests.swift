import BeeStore
import BeeStoreMacros
import Foundation
import Testing

// Chinook's eleven tables, every column, mapped twice: as `Codable` records and as
// `@ColumnCodable` ones with the same properties. Keys not named `id` are mapped both
// ways a user writes them: by the mapping's primary key, and by `CodingKeys`.

/// The records of both kinds over Chinook, as `Codable` records.
enum ChinookCodable {
    struct Album: ActiveRecord, Equatable {
        var id: Int64?
        var title: String
        var artistId: Int64

        static let mapping = RecordMapping(table: "Album", primaryKey: "AlbumId")
            .column("title", "Title").column("artistId", "ArtistId")
    }

    struct Artist: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case id = "ArtistId"
            case name = "Name"
        }

        static let tableName = "Artist"
    }

    struct Customer: ActiveRecord, Equatable {
        var id: Int64?
        var firstName: String
        var lastName: String
        var company, address, city, state, country, postalCode, phone, fax: String?
        var email: String
        var supportRepId: Int64?

        static let mapping = RecordMapping(table: "Customer", primaryKey: "CustomerId")
    }

    struct Employee: ActiveRecord, Equatable {
        var id: Int64?
        var lastName: String
        var firstName: String
        var title: String?
        var reportsTo: Int64?
        var birthDate: Date?
        var hireDate: Date?
        var address, city, state, country, postalCode, phone, fax, email: String?

        static let mapping = RecordMapping(table: "Employee", primaryKey: "EmployeeId")
    }

    struct Genre: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case id = "GenreId"
            case name = "Name"
        }

        static let tableName = "Genre"
    }

    struct Invoice: ActiveRecord, Equatable {
        var id: Int64?
        var customerId: Int64
        var invoiceDate: Date
        var billingAddress, billingCity, billingState, billingCountry, billingPostalCode: String?
        var total: Decimal

        static let mapping = RecordMapping(table: "Invoice", primaryKey: "InvoiceId")
    }

    struct InvoiceLine: ActiveRecord, Equatable {
        var id: Int64?
        var invoiceId: Int64
        var trackId: Int64
        var unitPrice: Double
        var quantity: Int

        static let mapping = RecordMapping(table: "InvoiceLine", primaryKey: "InvoiceLineId")
    }

    struct MediaType: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        static let mapping = RecordMapping(table: "MediaType", primaryKey: "MediaTypeId").column("name", "Name")
    }

    struct Playlist: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case id = "PlaylistId"
            case name = "Name"
        }

        static let tableName = "Playlist"
    }

    struct PlaylistTrack: ActiveRecord, Equatable {
        typealias ID = CompositeKey
        var playlistId: Int64
        var trackId: Int64

        static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
            .column("playlistId", "PlaylistId").column("trackId", "TrackId")
    }

    struct Track: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var albumId: Int64?
        var mediaTypeId: Int64
        var genreId: Int64?
        var composer: String?
        var milliseconds: Int
        var bytes: Int?
        var unitPrice: Double

        enum CodingKeys: String, CodingKey {
            case id = "TrackId"
            case name = "Name"
            case albumId = "AlbumId"
            case mediaTypeId = "MediaTypeId"
            case genreId = "GenreId"
            case composer = "Composer"
            case milliseconds = "Milliseconds"
            case bytes = "Bytes"
            case unitPrice = "UnitPrice"
        }

        static let tableName = "Track"
    }
}

/// The same records, reading and writing their columns by position.
enum ChinookPositional {
    @ColumnCodable
    struct Album: ActiveRecord, Equatable {
        var id: Int64?
        var title: String
        var artistId: Int64

        static let mapping = RecordMapping(table: "Album", primaryKey: "AlbumId")
            .column("title", "Title").column("artistId", "ArtistId")
    }

    @ColumnCodable
    struct Artist: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case id = "ArtistId"
            case name = "Name"
        }

        static let tableName = "Artist"
    }

    @ColumnCodable
    struct Customer: ActiveRecord, Equatable {
        var id: Int64?
        var firstName: String
        var lastName: String
        var company: String?
        var address: String?
        var city: String?
        var state: String?
        var country: String?
        var postalCode: String?
        var phone: String?
        var fax: String?
        var email: String
        var supportRepId: Int64?

        static let mapping = RecordMapping(table: "Customer", primaryKey: "CustomerId")
    }

    @ColumnCodable
    struct Employee: ActiveRecord, Equatable {
        var id: Int64?
        var lastName: String
        var firstName: String
        var title: String?
        var reportsTo: Int64?
        var birthDate: Date?
        var hireDate: Date?
        var address: String?
        var city: String?
        var state: String?
        var country: String?
        var postalCode: String?
        var phone: String?
        var fax: String?
        var email: String?

        static let mapping = RecordMapping(table: "Employee", primaryKey: "EmployeeId")
    }

    @ColumnCodable
    struct Genre: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case id = "GenreId"
            case name = "Name"
        }

        static let tableName = "Genre"
    }

    @ColumnCodable
    struct Invoice: ActiveRecord, Equatable {
        var id: Int64?
        var customerId: Int64
        var invoiceDate: Date
        var billingAddress: String?
        var billingCity: String?
        var billingState: String?
        var billingCountry: String?
        var billingPostalCode: String?
        var total: Decimal

        static let mapping = RecordMapping(table: "Invoice", primaryKey: "InvoiceId")
    }

    @ColumnCodable
    struct InvoiceLine: ActiveRecord, Equatable {
        var id: Int64?
        var invoiceId: Int64
        var trackId: Int64
        var unitPrice: Double
        var quantity: Int

        static let mapping = RecordMapping(table: "InvoiceLine", primaryKey: "InvoiceLineId")
    }

    @ColumnCodable
    struct MediaType: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        static let mapping = RecordMapping(table: "MediaType", primaryKey: "MediaTypeId").column("name", "Name")
    }

    @ColumnCodable
    struct Playlist: ActiveRecord, Equatable {
        var id: Int64?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case id = "PlaylistId"
            case name = "Name"
        }

        static let tableName = "Playlist"
    }

    @ColumnCodable
    struct PlaylistTrack: ActiveRecord, Equatable {
        typealias ID = CompositeKey
        var playlistId: Int64
        var trackId: Int64

        static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
            .column("playlistId", "PlaylistId").column("trackId", "TrackId")
    }

    @ColumnCodable
    struct Track: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var albumId: Int64?
        var mediaTypeId: Int64
        var genreId: Int64?
        var composer: String?
        var milliseconds: Int
        var bytes: Int?
        var unitPrice: Double

        enum CodingKeys: String, CodingKey {
            case id = "TrackId"
            case name = "Name"
            case albumId = "AlbumId"
            case mediaTypeId = "MediaTypeId"
            case genreId = "GenreId"
            case composer = "Composer"
            case milliseconds = "Milliseconds"
            case bytes = "Bytes"
            case unitPrice = "UnitPrice"
        }

        static let tableName = "Track"
    }
}

@Suite("Records of both kinds on Chinook's eleven tables")
struct ChinookRecordKindsTests {
    let directory: TemporaryDirectory
    let db: Database

    init() throws {
        directory = try TemporaryDirectory("ChinookKinds")
        db = try Database(path: try Fixtures.copy("chinook.sqlite", into: directory))
    }

    /// Both kinds read every row of `table` alike, with the keys the table has, and the
    /// first record found by its key is the one read.
    private func expectAlike<Codable: ActiveRecord, Positional: ActiveRecord>(
        _ codable: Codable.Type, _ positional: Positional.Type, table: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let slow = try Codable.all(in: db)
        let fast = try Positional.all(in: db)
        let count = try db.fetchValue(Int.self, "SELECT count(*) FROM \"\(table)\"")
        #expect(slow.count == count, "\(table), Codable", sourceLocation: sourceLocation)
        #expect(fast.count == count, "\(table), @ColumnCodable", sourceLocation: sourceLocation)
        #expect(try slow.map { try $0.jsonData() } == fast.map { try $0.jsonData() }, "\(table)", sourceLocation: sourceLocation)
        #expect(slow.map(\.id.databaseKey) == fast.map(\.id.databaseKey), sourceLocation: sourceLocation)
        let first = try #require(fast.first, sourceLocation: sourceLocation)
        let found = try #require(try Positional.find(first.id, in: db), sourceLocation: sourceLocation)
        #expect(try found.jsonData() == first.jsonData(), "\(table): find", sourceLocation: sourceLocation)
    }

    @Test func bothKindsMapEveryTable() throws {
        try expectAlike(ChinookCodable.Album.self, ChinookPositional.Album.self, table: "Album")
        try expectAlike(ChinookCodable.Artist.self, ChinookPositional.Artist.self, table: "Artist")
        try expectAlike(ChinookCodable.Customer.self, ChinookPositional.Customer.self, table: "Customer")
        try expectAlike(ChinookCodable.Employee.self, ChinookPositional.Employee.self, table: "Employee")
        try expectAlike(ChinookCodable.Genre.self, ChinookPositional.Genre.self, table: "Genre")
        try expectAlike(ChinookCodable.Invoice.self, ChinookPositional.Invoice.self, table: "Invoice")
        try expectAlike(ChinookCodable.InvoiceLine.self, ChinookPositional.InvoiceLine.self, table: "InvoiceLine")
        try expectAlike(ChinookCodable.MediaType.self, ChinookPositional.MediaType.self, table: "MediaType")
        try expectAlike(ChinookCodable.Playlist.self, ChinookPositional.Playlist.self, table: "Playlist")
        try expectAlike(ChinookCodable.PlaylistTrack.self, ChinookPositional.PlaylistTrack.self, table: "PlaylistTrack")
        try expectAlike(ChinookCodable.Track.self, ChinookPositional.Track.self, table: "Track")
    }

    @Test func aKeyNotNamedIdReadsAndWritesItsColumn() throws {
        let track = try #require(try ChinookPositional.Track.find(1, in: db))
        #expect(track.name == "For Those About To Rock (We Salute You)")
        var artist = ChinookPositional.Artist(name: "New Artist")
        try artist.save(in: db)
        let key = try #require(artist.id)
        #expect(try db.fetchValue(String.self, "SELECT Name FROM Artist WHERE ArtistId = ?", [key]) == "New Artist")
        var album = ChinookPositional.Album(title: "First", artistId: key)
        try album.save(in: db)
        album.title = "Renamed"
        try album.save(in: db)
        #expect(try ChinookCodable.Album.find(album.id, in: db)?.title == "Renamed")
        #expect(try ChinookPositional.Album.where("ArtistId", key).records(in: db).map(\.title) == ["Renamed"])
    }
}
