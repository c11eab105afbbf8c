import Foundation
import Testing

@testable import BeeStore

/// Aggregates of to-many relations per record, on Chinook as it is, checked against the
/// answers of plain SQL written as the sqlite3 shell runs it.
@Suite("Records: aggregates of relations")
struct RecordAggregateTests {
    let chinook: ChinookCopy
    var db: Database { chinook.db }

    init() throws {
        chinook = try ChinookCopy()
    }

    private func strings(_ sql: String) throws -> [String] {
        try db.fetchAll(sql).map { try $0.decode(String.self, at: 0) }
    }

    @Test func artistsWithMoreThanTenAlbums() throws {
        let prolific = try Chinook.Artist.query(in: db).where(.count(of: "albums") > 10).orderAsc("name").records()
        let expected = try strings("""
            SELECT ar.Name FROM Artist ar JOIN Album al ON al.ArtistId = ar.ArtistId
            GROUP BY ar.ArtistId HAVING count(*) > 10 ORDER BY ar.Name
            """)
        #expect(prolific.compactMap(\.name) == expected)
        #expect(expected == ["Deep Purple", "Iron Maiden", "Led Zeppelin"])
        #expect(try Chinook.Artist.where(.count(of: "albums") > 10).count(in: db) == 3)
        try chinook.expectSchemaUnchanged()
    }

    @Test func theFiveAlbumsWithTheMostTracksWithTheirCounts() throws {
        let top = try Chinook.Album.query(in: db)
            .annotated(with: .count(of: "tracks"), as: "trackCount")
            .order(by: .count(of: "tracks"), .descending).orderAsc("id").limit(5)
            .annotatedRecords()
        let expected = try db.fetchAll("""
            SELECT al.Title, count(*) FROM Album al JOIN Track t ON t.AlbumId = al.AlbumId
            GROUP BY al.AlbumId ORDER BY count(*) DESC, al.AlbumId LIMIT 5
            """)
        #expect(top.map(\.record.title) == (try expected.map { try $0.decode(String.self, at: 0) }))
        #expect(try top.map { try $0.annotations.decode(Int.self, column: "trackCount") } == (try expected.map { try $0.decode(Int.self, at: 1) }))
        #expect(try top.first?.annotations.decode(Int.self, column: "trackCount") == 57)
    }

    @Test func sumsAndExtremesOverAManyToManyRelation() throws {
        let playlists = try Chinook.Playlist.query(in: db)
            .annotated(with: .count(of: "tracks"), as: "tracks")
            .annotated(with: .sum("milliseconds", of: "tracks"), as: "length")
            .annotated(with: .maximum("unitPrice", of: "tracks"), as: "dearest")
            .where(.count(of: "tracks") > 0).orderAsc("id")
            .annotatedRecords()
        let expected = try db.fetchAll("""
            SELECT p.PlaylistId, count(*), sum(t.Milliseconds), max(t.UnitPrice) FROM Playlist p
            JOIN PlaylistTrack pt ON pt.PlaylistId = p.PlaylistId JOIN Track t ON t.TrackId = pt.TrackId
            GROUP BY p.PlaylistId ORDER BY p.PlaylistId
            """)
        #expect(playlists.map(\.record.id) == (try expected.map { try $0.decode(Int64?.self, at: 0) }))
        #expect(try playlists.map { try $0.annotations.decode(Int.self, column: "tracks") } == (try expected.map { try $0.decode(Int.self, at: 1) }))
        #expect(try playlists.map { try $0.annotations.decode(Int.self, column: "length") } == (try expected.map { try $0.decode(Int.self, at: 2) }))
        #expect(try playlists.map { try $0.annotations.decode(Double.self, column: "dearest") } == (try expected.map { try $0.decode(Double.self, at: 3) }))
    }

    @Test func aggregatesOfCreatedSchemasAndTheirMisuses() throws {
        let db = try Database.inMemory()
        var post = Post(title: "Hello", author: Author(name: "Ann"), comments: [Comment(text: "a"), Comment(text: "b")], related: nil)
        var quiet = Post(title: "Quiet", author: Author(name: "Bo"), comments: [], related: nil)
        try post.save(in: db)
        try quiet.save(in: db)
        #expect(try Post.where(.count(of: "comments") >= 2).records(in: db).map(\.title) == ["Hello"])
        #expect(try Post.query(in: db).order(by: .count(of: "comments")).records().map(\.title) == ["Quiet", "Hello"])
        #expect(throws: RecordError.unknownRelation(record: "Post", relation: "likes")) {
            try Post.where(.count(of: "likes") > 0).records(in: db)
        }
        #expect(throws: RecordError.unknownColumn(record: "Comment", column: "stars")) {
            try Post.where(.sum("stars", of: "comments") > 0).records(in: db)
        }
        #expect(throws: QueryError.relationAggregateOutsideRecordQuery(relation: "comments")) {
            try db.from("post").where(.count(of: "comments") > 0).get()
        }
        #expect(throws: RecordError.self, "a relation kept in the record's own table") {
            try Chinook.Employee.where(.count(of: "reports") > 0).records(in: chinook.db)
        }
    }
}
