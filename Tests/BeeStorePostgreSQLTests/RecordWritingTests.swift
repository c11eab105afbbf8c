#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Records saved to and deleted from PostgreSQL: the same graph writes as on SQLite, in
/// tables BeeStore creates with native types, or in tables that exist.
@Suite struct RecordWritingTests {
    struct Writer: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var posts: [Post]?
        var createdAt: Date?
        var updatedAt: Date?
    }

    struct Post: ActiveRecord, Equatable {
        static let mapping = RecordMapping().hasMany("comments", onDelete: .cascade).manyToMany("labels")
        var id: Int64?
        var title: String
        var writer: Writer?
        var published: Bool
        var rating: Double
        var comments: [Comment]?
        var labels: [Label]?
    }

    struct Comment: ActiveRecord, Equatable {
        var id: Int64?
        var body: String
        var post: Post?
    }

    struct Label: ActiveRecord, Equatable {
        static let mapping = RecordMapping().unique("name")
        var id: Int64?
        var name: String
    }

    struct Measure: Codable, Equatable {
        var unit: String
        var values: [Double]
    }

    struct Sample: ActiveRecord, Equatable {
        var id: UUID
        var takenAt: Date
        var valid: Bool
        var amount: Decimal
        var payload: Data
        var measure: Measure
        var note: String?
    }

    struct Checked: ActiveRecord {
        struct Refused: Error {}
        var id: Int64?
        var name: String
        func validate() throws {
            if name.isEmpty { throw Refused() }
        }
    }

    @Test func savesAGraphIntoTablesItCreatesAndReadsItBack() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var writer = Writer(name: "Ada", posts: [
            Post(title: "Engines", published: true, rating: 4.5, comments: [Comment(body: "First!")], labels: [Label(name: "math")]),
            Post(title: "Notes", published: false, rating: 3, comments: [], labels: [Label(name: "math"), Label(name: "history")]),
        ])
        try writer.save(in: db)
        let writerID = try #require(writer.id)
        #expect(writer.posts?.allSatisfy { $0.id != nil } == true)
        #expect(writer.createdAt != nil && writer.updatedAt != nil)
        #expect(try Label.count(in: db) == 2)  // "math" once: the unique key finds the saved one

        let loaded = try #require(try Writer.query().including("posts.comments", "posts.labels").find(writerID, in: db))
        #expect(loaded.name == "Ada")
        #expect(loaded.posts?.map(\.title) == ["Engines", "Notes"])
        #expect(loaded.posts?[0].comments?.map(\.body) == ["First!"])
        #expect(loaded.posts?[1].labels?.map(\.name).sorted() == ["history", "math"])
        #expect(loaded.createdAt.map { abs($0.timeIntervalSince(writer.createdAt ?? .distantPast)) < 0.001 } == true)
        #expect(try Post.query().where("published", true).count(in: db) == 1)
    }

    @Test func createdTablesUseNativeTypes() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var sample = Sample(
            id: UUID(), takenAt: Date(timeIntervalSince1970: 1_714_550_400.5), valid: true,
            amount: Decimal(string: "12345678901234567890.123456789")!, payload: Data([0, 1, 0xFF]),
            measure: Measure(unit: "°C", values: [21.5, -3]), note: "it's \u{301} \"quoted\"")
        try sample.save(in: db)
        let types = try db.fetchAll(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'sample' ORDER BY ordinal_position"
        ).map { "\(try $0.decode(String.self, at: 0)) \(try $0.decode(String.self, at: 1))" }
        #expect(types == [
            "id uuid", "takenAt timestamp with time zone", "valid boolean", "amount numeric", "payload bytea",
            "measure jsonb", "note text",
        ])
        #expect(try Sample.find(sample.id, in: db) == sample)
        #expect(try db.fetchValue(String.self, "SELECT measure ->> 'unit' FROM sample") == "°C")

        // Reading creates no table; the first write does.
        #expect(throws: PostgreSQLError.self) { try Post.count(in: db) }
        var post = Post(title: "T", published: false, rating: 1)
        try post.save(in: db)
        #expect(try db.fetchValue(String.self, """
            SELECT data_type || ' ' || is_identity FROM information_schema.columns WHERE table_name = 'post' AND column_name = 'id'
            """) == "bigint YES")
    }

    @Test func updatesAndDeletesFollowTheRelationsRules() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var post = Post(title: "Draft", published: false, rating: 1, comments: [Comment(body: "a"), Comment(body: "b")])
        try post.save(in: db)
        let id = try #require(post.id)
        post.title = "Final"
        post.published = true
        post.comments = [post.comments![1]]   // "a" is left out: the cascade deletes it
        try post.save(in: db)
        #expect(try Post.find(id, in: db)?.title == "Final")
        #expect(try Comment.all(in: db).map(\.body) == ["b"])

        var ghost = post
        ghost.id = 9_999
        #expect(throws: RecordError.self) { try ghost.update(in: db) }
        #expect(throws: RecordError.self) { try Post(title: "x", published: false, rating: 0).update(in: db) }

        #expect(try post.delete(in: db))
        #expect(try post.delete(in: db) == false)
        #expect(try Comment.count(in: db) == 0)
        #expect(try Post.delete(id, in: db) == false)

        var many = (1...5).map { Post(title: "P\($0)", published: $0 % 2 == 0, rating: Double($0)) }
        try many.save(in: db)
        #expect(try Post.query().where("published", false).deleteAll(in: db) == 3)
        #expect(try Post.deleteAll(in: db) == 2)
    }

    @Test func aFailedSaveLeavesNothingAndKeepsTheRecordsAsTheyWere() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var first = [Label(name: "one")]
        try first.save(in: db)
        // The last label has the name of an existing row under another key: a unique violation.
        var batch = [Label(name: "two"), Label(name: "three"), Label(id: 777, name: "one")]
        let error = try #require(throws: PostgreSQLError.self) { try batch.save(in: db) }
        #expect(error.resultCode == .uniqueConstraint)
        #expect(batch[0].id == nil)
        #expect(try Label.all(in: db).map(\.name) == ["one"])

        var refused = Checked(name: "")
        #expect(throws: Checked.Refused.self) { try refused.save(in: db) }
        #expect(refused.id == nil)
        var accepted = Checked(name: "ok")
        try accepted.save(in: db)
        #expect(try Checked.count(in: db) == 1)
    }

    @Test func savesInsideATransactionRollBackWithIt() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        var kept = Label(name: "kept")
        try kept.save(in: db)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                var lost = Label(name: "lost")
                try lost.save(in: db)
                #expect(try Label.count(in: db) == 2)
                throw Abort()
            }
        }
        #expect(try Label.all(in: db).map(\.name) == ["kept"])
    }

    /// A type's tables made sure of inside a transaction count as made once it commits:
    /// later writes inside transactions take no lock and send no `CREATE`; one that rolled
    /// back took its tables with it, and the next write makes them again.
    @Test func tablesMadeInsideATransactionCountOnceItCommits() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try TestServer.freshDatabase { $0.trace = { trace.append($0) } }
        defer { db.close() }
        struct Ledger: ActiveRecord {
            var id: Int64?
            var entry: String
        }
        struct Abort: Error {}
        let creations = { trace.values.filter { $0.sql.hasPrefix("CREATE TABLE") }.count }
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                var undone = Ledger(entry: "undone")
                try undone.save(in: db)
                throw Abort()
            }
        }
        #expect(creations() == 1)
        for entry in ["kept", "again"] {
            try db.transaction { _ in
                var ledger = Ledger(entry: entry)
                try ledger.save(in: db)
            }
        }
        var alone = Ledger(entry: "alone")
        try alone.save(in: db)
        #expect(creations() == 2, "made again after the rollback, then never")
        #expect(trace.values.filter { $0.sql.hasPrefix("SELECT pg_advisory_xact_lock(") }.count == 2)
        #expect(try Ledger.query().orderAsc("id").pluck("entry", as: String.self, in: db) == ["kept", "again", "alone"])
    }

    /// A key the app chose moves the sequence of a `SERIAL` key of a table with a hostile
    /// name, and nothing of a key column that no sequence feeds.
    @Test func keysTheAppChoseMoveTheSequenceOfTablesTheyDidNotCreate() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        struct Odd: ActiveRecord {
            static let mapping = RecordMapping(table: "Odd \"serial\" t'able", primaryKey: "Key ;--")
            var id: Int64?
            var name: String
        }
        struct Plain: ActiveRecord {
            var id: Int64?
            var name: String
        }
        try db.execute(#"CREATE TABLE "Odd ""serial"" t'able" ("Key ;--" SERIAL PRIMARY KEY, name TEXT NOT NULL)"#)
        try db.execute("CREATE TABLE plain (id BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        var chosen = Odd(id: 41, name: "chosen")
        try chosen.save(in: db)
        var assigned = Odd(name: "assigned")
        try assigned.save(in: db)
        #expect(assigned.id == 42)
        var plain = Plain(id: 9, name: "no sequence")
        try plain.save(in: db)
        #expect(try Plain.find(9, in: db)?.name == "no sequence")
    }

    @Test func recordsMapTablesTheyDidNotCreateWithHostileNames() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        struct Odd: ActiveRecord, Equatable {
            static let mapping = RecordMapping(table: "odd \"table\"", primaryKey: "key ;--")
                .column("name", "na'me")
            var id: Int64?
            var name: String
        }
        try db.execute(#"""
            CREATE TABLE "odd ""table""" ("key ;--" BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "na'me" TEXT NOT NULL)
            """#)
        var odd = Odd(name: #"Robert'); DROP TABLE "odd ""table"""; --"#)
        try odd.save(in: db)
        #expect(odd.id == 1)
        #expect(try Odd.find(1, in: db) == odd)
        odd.name = "plain"
        try odd.save(in: db)
        #expect(try Odd.all(in: db).map(\.name) == ["plain"])
        // Only the changed column, checked against its loaded value, under the same names.
        let loaded = odd
        odd.name = #"it's "odd""#
        #expect(try odd.updateChanges(in: db, from: loaded))
        #expect(try Odd.all(in: db) == [odd])
    }
}
#endif
