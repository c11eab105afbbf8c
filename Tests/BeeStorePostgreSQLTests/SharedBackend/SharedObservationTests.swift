#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Observed queries on both backends: the rows at once, then the rows after each commit
/// that changed them, whoever committed; never after a rollback. Each wait is for a
/// condition, with a deadline; a later commit is the fence that shows nothing came before it.
@Suite struct SharedObservationTests {
    private static func observedNames(_ db: BackendDatabase, _ query: Query) throws -> (Deliveries<[String]>, ObservationToken) {
        let deliveries = Deliveries<[String]>()
        let token = try db.observe(query) { rows in
            deliveries.append(rows.map { (try? $0.decode(String.self, column: "name")) ?? "?" })
        }
        return (deliveries, token)
    }

    private static func table(_ db: BackendDatabase, _ name: String = "player") throws {
        try db.create(db.table(name).field("id", .integer).primaryKey().field("name", .text).notNull())
    }

    @Test(arguments: Backend.allCases)
    func theRowsComeAtOnceThenAfterEachCommitOfEitherDatabaseValue(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        try Self.table(db)
        try db.insert(db.from("player").set("name", "Arthur"))
        let other = try db.another()
        let (deliveries, token) = try Self.observedNames(db, db.from("player").orderAsc("name"))
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [["Arthur"]] } != nil)

        try db.insert(db.from("player").set("name", "Barbara"))
        #expect(deliveries.wait { $0.last == ["Arthur", "Barbara"] } != nil)
        // A commit by another database value on the same database: another process or server.
        try other.transaction { connection in
            try connection.execute("INSERT INTO player (name) VALUES (?)", ["Chloé"])
            try connection.execute("DELETE FROM player WHERE name = ?", ["Arthur"])
        }
        #expect(deliveries.wait { $0.last == ["Barbara", "Chloé"] } != nil)
    }

    @Test(arguments: Backend.allCases)
    func aRolledBackWriteAndACommitToAnotherTableDeliverNothing(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        try Self.table(db)
        try Self.table(db, "team")
        let (deliveries, token) = try Self.observedNames(db, db.from("player").orderAsc("id"))
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [[]] } != nil)
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try db.transaction { connection in
                try connection.execute("INSERT INTO player (name) VALUES (?)", ["lost"])
                throw Abandon()
            }
        }
        try db.insert(db.from("team").set("name", "Red"))
        try db.insert(db.from("player").set("name", "kept"))
        // The commit after the rollback and the other table's commit is the next delivery:
        // those two made none.
        #expect(deliveries.wait { $0.count >= 2 } == [[], ["kept"]])
    }

    struct Author: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var novels: [Novel]?    // has-many through `novel.author_id`
    }

    struct Novel: ActiveRecord, Equatable {
        var id: Int64?
        var title: String
    }

    @Test(arguments: Backend.allCases)
    func observedRecordsFollowTheirOwnAndTheirIncludedRelationsTables(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        let other = try db.another()
        var author = Author(name: "Austen", novels: [Novel(title: "Emma")])
        try db.save(&author)
        let deliveries = Deliveries<[String]>()
        let token = try db.observe(Author.self, { $0.including("novels").orderAsc("name") }) { authors in
            deliveries.append(authors.map { "\($0.name): \(($0.novels ?? []).map(\.title).sorted().joined(separator: ", "))" })
        }
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [["Austen: Emma"]] } != nil)

        // The included novels' table, changed by another database value.
        var copy = author
        copy.novels?.append(Novel(title: "Persuasion"))
        try other.save(&copy)
        #expect(deliveries.wait { $0.last == ["Austen: Emma, Persuasion"] } != nil)
        // The authors' own table.
        var brontë = Author(name: "Brontë")
        try other.save(&brontë)
        #expect(deliveries.wait { $0.last == ["Austen: Emma, Persuasion", "Brontë: "] } != nil)
    }

    @Test(arguments: Backend.allCases)
    func aCancelledObservationStops(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        try Self.table(db)
        let (deliveries, token) = try Self.observedNames(db, db.from("player"))
        let (witness, witnessToken) = try Self.observedNames(db, db.from("player"))
        defer { witnessToken.cancel() }
        #expect(deliveries.wait { $0 == [[]] } != nil)
        #expect(witness.wait { $0 == [[]] } != nil)
        token.cancel()
        try db.insert(db.from("player").set("name", "Eve"))
        // The witness, told of the same commit, has seen it: the cancelled one never will.
        #expect(witness.wait { $0.last == ["Eve"] } != nil)
        #expect(deliveries.wait(timeout: 0) { _ in true } == [[]])
    }
}
#endif
