import Foundation
import Testing

@testable import BeeStore

/// Chinook's join table as a record of its own: its key is `(PlaylistId, TrackId)`, the
/// second column that of its belongs-to relation to the track.
struct PlaylistEntry: ActiveRecord, Equatable {
    typealias ID = CompositeKey
    var playlistId: Int64
    var track: Chinook.Track

    static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
        .column("playlistId", "PlaylistId")
        .belongsTo("track", column: "TrackId")

    var trackId: Int64? { track.id }

    static func == (lhs: PlaylistEntry, rhs: PlaylistEntry) -> Bool {
        lhs.playlistId == rhs.playlistId && lhs.trackId == rhs.trackId
    }
}

/// Two properties for one column.
struct PlaylistEntryWithTwoTrackProperties: ActiveRecord {
    typealias ID = CompositeKey
    var playlistId: Int64
    var trackId: Int64
    var track: Chinook.Track?

    static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
        .column("playlistId", "PlaylistId")
        .column("trackId", "TrackId")
        .belongsTo("track", column: "TrackId")
}

/// `Playlist` with its entries as children of a has-many relation.
struct PlaylistWithEntries: ActiveRecord {
    var id: Int64?
    var name: String?
    var entries: [PlaylistEntry]?

    static let mapping = RecordMapping(table: "Playlist", primaryKey: "PlaylistId")
        .column("name", "Name")
        .hasMany("entries", foreignKey: "PlaylistId", onDelete: .cascade)
}

/// A belongs-to relation to a record whose key is two columns, which one column cannot hold.
struct EntryNote: ActiveRecord {
    var id: Int64?
    var text: String
    var entry: PlaylistEntry
}

/// A key of two columns without `CompositeKey`.
struct TwoColumnKeyWithoutCompositeKey: ActiveRecord {
    var id: Int64?
    var other: Int64

    static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
}

/// A composite key naming a column no property has.
struct CompositeKeyOnMissingColumn: ActiveRecord {
    typealias ID = CompositeKey
    var playlistId: Int64

    static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
        .column("playlistId", "PlaylistId")
}

/// A table BeeStore creates with a composite key of text and integer.
struct Translation: ActiveRecord, Equatable {
    typealias ID = CompositeKey
    var locale: String
    var key: String
    var revision: Int
    var text: String

    static let mapping = RecordMapping(primaryKey: ["locale", "key"])
}

@Suite("Records: composite primary keys")
struct RecordCompositeKeyTests {
    let chinook: ChinookCopy
    var db: Database { chinook.db }

    init() throws {
        chinook = try ChinookCopy()
    }

    @Test func aJoinTableIsARecordFoundByItsCompositeKey() throws {
        #expect(try PlaylistEntry.count(in: db) == 8715)
        let entry = try #require(try PlaylistEntry.find(CompositeKey(1, 3402), in: db))
        #expect(entry.playlistId == 1 && entry.trackId == 3402)
        #expect(entry.track.name == "Band Members Discuss Tracks from \"Revelations\"")
        #expect(entry.id == CompositeKey(1, 3402))
        #expect(try PlaylistEntry.query(in: db).find(CompositeKey(1, 3402)) == entry)
        #expect(try PlaylistEntry.find(CompositeKey(3402, 1), in: db) == nil)
        #expect(try PlaylistEntry.exists(CompositeKey(18, 597), in: db))
        #expect(try !PlaylistEntry.exists(CompositeKey(18, 1), in: db))
        #expect(try PlaylistEntry.where("playlistId", 18).records(in: db).map(\.trackId) == [597])
        #expect(try PlaylistEntry.first(in: db)?.id == CompositeKey(1, 1), "ordered by both key columns")
        #expect(try PlaylistEntry.last(in: db)?.id == CompositeKey(18, 597))
        try chinook.expectSchemaUnchanged()
    }

    @Test func aKeyOfTheWrongShapeIsAConversionError() throws {
        #expect(throws: ConversionError.self) { try PlaylistEntry.find(CompositeKey(1), in: db) }
        #expect(throws: ConversionError.self) { try PlaylistEntry.find(CompositeKey(1, 2, 3), in: db) }
        #expect(throws: ConversionError.self) { try CompositeKey(databaseValue: .integer(1)) }
        #expect(try CompositeKey(databaseValue: .text(#"[1,"a",null,1.5]"#)).values == [1, "a", .null, 1.5])
    }

    @Test func joinTableRowsAreInsertedSavedUpdatedAndDeletedByTheirKey() throws {
        let track = { (id: Int64) in try #require(try Chinook.Track.find(id, in: db)) }
        var entry = PlaylistEntry(playlistId: 18, track: try track(1))
        try entry.insert(in: db)
        #expect(try PlaylistEntry.where("playlistId", 18).records(in: db).map(\.trackId) == [1, 597])
        #expect(throws: DatabaseError.self, "the key exists") { try entry.insert(in: db) }
        try entry.save(in: db)
        #expect(try PlaylistEntry.count(in: db) == 8716, "a save of an existing key writes its row again")
        try entry.update(in: db)
        #expect(throws: RecordError.notFound(record: "PlaylistEntry", id: CompositeKey(18, 2).databaseValue)) {
            try PlaylistEntry(playlistId: 18, track: track(2)).update(in: db)
        }

        #expect(try entry.delete(in: db))
        #expect(try !entry.delete(in: db), "no row has the key any more")
        #expect(try PlaylistEntry.count(in: db) == 8715)
        try chinook.expectSchemaUnchanged()
    }

    @Test func bulkChangesSelectRowsByEveryKeyColumn() throws {
        #expect(try PlaylistEntry.where("playlistId", 18).updateAll(["trackId": 1], in: db) == 1)
        #expect(try PlaylistEntry.exists(CompositeKey(18, 1), in: db))
        #expect(try !PlaylistEntry.exists(CompositeKey(18, 597), in: db))
        #expect(try PlaylistEntry.where("trackId", 1).deleteAll(in: db) == 4, "playlists 1, 8 and 17, and 18")
        #expect(try PlaylistEntry.count(in: db) == 8711)
        #expect(try PlaylistEntry.exists(CompositeKey(1, 2), in: db), "other rows of the same playlists stay")
        try chinook.expectSchemaUnchanged()
    }

    @Test func settingTheIdSetsTheKeyColumns() throws {
        var hello = Translation(locale: "fr", key: "hello", revision: 1, text: "Bonjour")
        hello.id = CompositeKey("fr-CA", "hi")
        #expect(hello == Translation(locale: "fr-CA", key: "hi", revision: 1, text: "Bonjour"))
        hello.id = CompositeKey("fr")
        #expect(hello.id == CompositeKey("fr-CA", "hi"), "a key of another shape changes nothing")
    }

    @Test func compositeKeyChildrenLoadAndFollowTheirRelationsDeleteRule() throws {
        var playlist = try #require(try PlaylistWithEntries.query(in: db).including("entries").find(18))
        #expect(playlist.entries?.map(\.trackId) == [597])
        #expect(playlist.entries?.first?.track.name == "Now's The Time")
        let tracks = try Chinook.Track.whereIn("TrackId", [1, 2]).records(in: db)
        playlist.entries? += tracks.map { PlaylistEntry(playlistId: 18, track: $0) }
        try playlist.save(in: db)
        #expect(try PlaylistEntry.where("playlistId", 18).records(in: db).map(\.trackId) == [1, 2, 597])

        playlist.entries?.removeAll { $0.trackId == 597 }
        try playlist.save(in: db)
        #expect(try PlaylistWithEntries.query(in: db).including("entries").find(18)?.entries?.map(\.trackId) == [1, 2])
        #expect(try Chinook.Track.find(597, in: db) != nil, "only the join row is deleted")

        #expect(try playlist.delete(in: db))
        #expect(try PlaylistEntry.where("playlistId", 18).count(in: db) == 0, "cascade")
        #expect(try PlaylistEntry.count(in: db) == 8714)
        try chinook.expectSchemaUnchanged()
    }

    @Test func relationsThatWouldHoldACompositeKeyInOneColumnAreRefused() throws {
        let reasons = [
            #expect(throws: RecordError.self) { try EntryNote.count(in: db) },
            #expect(throws: RecordError.self) { try TwoColumnKeyWithoutCompositeKey.count(in: db) },
            #expect(throws: RecordError.self) { try CompositeKeyOnMissingColumn.count(in: db) },
            #expect(throws: RecordError.self) { try PlaylistEntryWithTwoTrackProperties.count(in: db) },
        ].map { String(describing: $0) }
        #expect(reasons[0].contains("several columns"), "\(reasons[0])")
        #expect(reasons[1].contains("CompositeKey"), "\(reasons[1])")
        #expect(reasons[2].contains("\"TrackId\""), "\(reasons[2])")
        #expect(reasons[3].contains("trackId") && reasons[3].contains("track"), "\(reasons[3])")
        try chinook.expectSchemaUnchanged()
    }

    @Test func aCreatedTableGetsItsCompositeKey() throws {
        let db = try Database.inMemory()
        var hello = Translation(locale: "fr", key: "hello", revision: 1, text: "Bonjour")
        try hello.save(in: db)
        var welcome = Translation(locale: "fr", key: "welcome", revision: 1, text: "Bienvenue")
        try welcome.save(in: db)
        let primaryKey = try db.fetchAll("SELECT name FROM pragma_table_info('translation') WHERE pk > 0 ORDER BY pk")
        #expect(primaryKey.map(\.values) == [["locale"], ["key"]])

        hello.text = "Salut"
        hello.revision = 2
        try hello.save(in: db)
        #expect(try Translation.count(in: db) == 2)
        #expect(try Translation.find(CompositeKey("fr", "hello"), in: db) == hello)
        #expect(try Translation.all(in: db).map(\.key) == ["hello", "welcome"])
        var duplicate = Translation(locale: "fr", key: "hello", revision: 9, text: "again")
        #expect(throws: DatabaseError.self) { try duplicate.insert(in: db) }
        try welcome.delete(in: db)
        #expect(try Translation.all(in: db) == [hello])
    }
}
