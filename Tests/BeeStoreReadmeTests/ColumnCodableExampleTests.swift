import BeeStore
import Testing

// example: column-codable
import BeeStoreMacros

@ColumnCodable
struct Track: ActiveRecord {
    var id: Int64?
    var name: String
    var milliseconds: Int
    var album: Album?       // belongs-to, loaded when a query includes it
}

func longTracks(in db: Database) throws -> [Track] {
    try Track.where(Track.Columns.milliseconds, .greaterThan, 300_000)
        .including(Track.Columns.album)
        .orderAsc(Track.Columns.name)
        .records(in: db)
}
// end example

/// The album of the README's `@ColumnCodable` example.
struct Album: ActiveRecord {
    var id: Int64?
    var title: String
}

@Suite("README @ColumnCodable example")
struct ColumnCodableExampleTests {
    @Test func columnCodableExample() throws {
        let db = try Database.inMemory()
        let album = Album(title: "Blue Train")
        for (name, milliseconds) in [("Moment's Notice", 546_000), ("Blue Train", 643_000), ("Lazy Bird", 280_000)] {
            var track = Track(name: name, milliseconds: milliseconds, album: album)
            try track.save(in: db)
        }
        let long = try longTracks(in: db)
        #expect(long.map(\.name) == ["Blue Train", "Moment's Notice"])
        #expect(long.map(\.album?.title) == ["Blue Train", "Blue Train"])
        #expect(Track.storedProperties.map(\.key) == ["id", "name", "milliseconds", "album"])
    }
}
