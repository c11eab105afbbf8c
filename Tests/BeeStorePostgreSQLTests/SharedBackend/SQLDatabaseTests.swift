#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Code written once against `any SQLDatabase` / `some SQLDatabase`, run on both
/// backends: records with relations, the builder, transactions, reads, observation and
/// errors, through the forms that take either database.
@Suite struct SQLDatabaseTests {
    struct Crew: ActiveRecord, Equatable {
        static let mapping = RecordMapping().unique("name")
        var id: Int64?
        var name: String
        var sailors: [Sailor]?
    }

    struct Sailor: ActiveRecord, Equatable, Sendable {
        var id: Int64?
        var name: String
        var rank: Int
    }

    /// A helper of the app: it knows nothing of the backend it runs on.
    private static func enlist(_ names: [String], as crewName: String, in db: some SQLDatabase) throws -> Crew {
        var crew = Crew(name: crewName, sailors: names.enumerated().map { Sailor(name: $0.element, rank: $0.offset + 1) })
        try db.transaction { try crew.save(in: db) }
        return crew
    }

    @Test(arguments: Backend.allCases)
    func recordsWithRelationsRunThroughEitherDatabase(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        let crew = try Self.enlist(["Ahab", "Ishmael", "Queequeg"], as: "Pequod", in: db)
        let id = try #require(crew.id)

        let found = try #require(try Crew.query().including("sailors").find(id, in: db))
        #expect(found.sailors?.map(\.name).sorted() == ["Ahab", "Ishmael", "Queequeg"])
        #expect(try Crew.find(id, in: db)?.name == "Pequod")
        #expect(try Crew.find(999, in: db) == nil)
        #expect(try Crew.exists(id, in: db))
        #expect(try Crew.find(by: ["name": "Pequod"], in: db)?.id == id)
        #expect(try Crew.exists(by: ["name": "Rachel"], in: db) == false)
        #expect(try Sailor.count(in: db) == 3)
        #expect(try Sailor.all(in: db).map(\.name) == ["Ahab", "Ishmael", "Queequeg"])
        #expect(try Sailor.first(in: db)?.name == "Ahab")
        #expect(try Sailor.last(in: db)?.name == "Queequeg")

        let ranked = Sailor.query().where("rank", .greaterThan, 1).orderDesc("rank")
        #expect(try ranked.records(in: db).map(\.name) == ["Queequeg", "Ishmael"])
        #expect(try ranked.first(in: db)?.name == "Queequeg")
        #expect(try ranked.count(in: db) == 2)
        #expect(try ranked.exists(in: db))
        #expect(try ranked.pluck("name", as: String.self, in: db) == ["Queequeg", "Ishmael"])
        #expect(try ranked.find(by: ["name": "Ishmael"], in: db)?.rank == 2)
        #expect(try ranked.exists(by: ["name": "Ahab"], in: db) == false)
        var visited: [String] = []
        try Sailor.query().orderAsc("name").forEach(in: db) { visited.append($0.name) }
        #expect(visited == ["Ahab", "Ishmael", "Queequeg"])

        #expect(try ranked.increment("rank", by: 10, in: db) == 2)
        #expect(try ranked.updateAll(["rank": 20], in: db) == 2)
        #expect(try Sailor.query().where("rank", 20).orderAsc("name").pluck("name", as: String.self, in: db) == ["Ishmael", "Queequeg"])

        var ahab = try #require(try Sailor.find(by: ["name": "Ahab"], in: db))
        #expect(try ahab.updateChanges(in: db) { $0.rank = 7 })
        #expect(try ahab.updateChanges(in: db) { $0.rank = 7 } == false)
        #expect(try Sailor.find(ahab.id, in: db)?.rank == 7)
        #expect(try ahab.delete(in: db))
        #expect(try Sailor.delete(ahab.id, in: db) == false)
        #expect(try Sailor.query().where("rank", .greaterThan, 10).deleteAll(in: db) == 2)
        #expect(try Sailor.deleteAll(in: db) == 0)
    }

    /// Keys the database assigns follow the largest key the app chose, as SQLite's next
    /// row id does: on PostgreSQL the identity sequence is moved past it.
    @Test(arguments: Backend.allCases)
    func aRecordSavedWithoutAKeyNeverGetsOneTheAppChose(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        var first = Sailor(name: "First", rank: 1)
        try first.save(in: db)
        #expect(first.id == 1)
        var chosen = [Sailor(id: 10, name: "Ten", rank: 2), Sailor(id: 7, name: "Seven", rank: 3)]
        try chosen.save(in: db)
        var next = Sailor(name: "Next", rank: 4)
        try next.save(in: db)
        #expect(next.id == 11)

        var twenty = Sailor(id: 20, name: "Twenty", rank: 5)
        try twenty.insert(in: db)
        try db.transaction {
            var thirty = Sailor(id: 30, name: "Thirty", rank: 6)
            try thirty.save(in: db)
            var after = Sailor(name: "After thirty", rank: 7)
            try after.save(in: db)
            #expect(after.id == 31)
        }
        var smaller = Sailor(id: 5, name: "Five", rank: 8)  // below the largest: nothing moves back
        try smaller.save(in: db)
        var last = Sailor(name: "Last", rank: 9)
        try last.save(in: db)
        #expect(last.id == 32)
        #expect(try Sailor.count(in: db) == 9)
    }

    @Test(arguments: Backend.allCases)
    func theBuilderRendersForTheDatabaseItRunsOn(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        #expect(db.dialect == (backend == .sqlite ? .sqlite : .postgreSQL))
        // A hostile table name, quoted by the dialect.
        let table = "log \"of\" ship's"
        try db.create(db.table(table).field("id", .integer).primaryKey().field("entry", .text).notNull().field("miles", .real))
        try db.create(db.table(table).field("id", .integer).primaryKey(), ifNotExists: true)
        let first = try db.from(table).set("entry", "Sailed").set("miles", 10.5).insert(returning: .column("id"), as: Int64.self, in: db)
        try db.from(table).set("entry", "Whale ho").insert(in: db)
        #expect(first == 1)

        let rows = try db.from(table).orderAsc("id").get(in: db)
        #expect(rows.map { try? $0.decode(String.self, column: "entry") } == ["Sailed", "Whale ho"])
        #expect(try db.from(table).where("entry", "Whale ho").first(in: db)?.decode(Int64.self, column: "id") == 2)
        #expect(try db.from(table).count(in: db) == 2)
        #expect(try db.from(table).where("entry", "Sunk").exists(in: db) == false)
        #expect(try db.from(table).where("id", 2).increment("miles", by: 2.5, in: db) == 1)
        #expect(try db.from(table).where("id", 1).increment("miles", in: db) == 1)
        #expect(try db.from(table).orderAsc("id").pluck("miles", as: Double.self, in: db) == [11.5, 2.5])
        #expect(try db.from(table).where("id", 1).set("entry", "Set sail").update(in: db) == 1)
        var entries: [String] = []
        try db.from(table).orderAsc("id").forEach(in: db) { entries.append(try $0.decode(String.self, column: "entry")) }
        #expect(entries == ["Set sail", "Whale ho"])
        #expect(try db.from(table).where("id", 2).delete(in: db) == 1)
        #expect(try db.from(table).count(in: db) == 1)

        // A query made for the other dialect runs rendered for this one.
        let foreign = Query(database: nil, table: table).rendered(for: backend == .sqlite ? .postgreSQL : .sqlite)
        #expect(try foreign.where("entry", "Set sail").count(in: db) == 1)

        // SQL text is the database's own: placeholders in its dialect.
        let placeholder = backend == .sqlite ? "?" : "$1"
        try db.execute("CREATE TABLE knot (speed INTEGER)")
        try db.execute("INSERT INTO knot (speed) VALUES (\(placeholder))", [12])
        try db.execute(script: "INSERT INTO knot (speed) VALUES (3); INSERT INTO knot (speed) VALUES (4);")
        #expect(try db.fetchAll("SELECT speed FROM knot ORDER BY speed").map { try $0.decode(Int.self, at: 0) } == [3, 4, 12])
        #expect(try db.fetchOne("SELECT speed FROM knot WHERE speed > \(placeholder)", [10])?.decode(Int.self, at: 0) == 12)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM knot") == 3)
    }

    @Test(arguments: Backend.allCases)
    func aTransactionThatThrowsLeavesNothingOfItsRecordsOrRows(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        _ = try Self.enlist(["Starbuck"], as: "Pequod", in: db)
        struct Mutiny: Error {}
        #expect(throws: Mutiny.self) {
            try db.transaction {
                var crew = Crew(name: "Rachel", sailors: [Sailor(name: "Gardiner", rank: 1)])
                try crew.save(in: db)
                try Sailor.query().where("name", "Starbuck").updateAll(["rank": 99], in: db)
                try db.from("sailor").where("name", "Starbuck").increment("rank", in: db)
                throw Mutiny()
            }
        }
        #expect(try Crew.count(in: db) == 1)
        #expect(try Sailor.all(in: db).map(\.name) == ["Starbuck"])
        #expect(try Sailor.find(by: ["name": "Starbuck"], in: db)?.rank == 1)

        // Nested: the inner transaction is a savepoint; its failure leaves the outer one whole.
        try db.transaction {
            var stubb = Sailor(name: "Stubb", rank: 2)
            try stubb.save(in: db)
            #expect(throws: Mutiny.self) {
                try db.transaction {
                    var flask = Sailor(name: "Flask", rank: 3)
                    try flask.save(in: db)
                    throw Mutiny()
                }
            }
        }
        #expect(try Sailor.query().orderAsc("name").pluck("name", as: String.self, in: db) == ["Starbuck", "Stubb"])

        // A unique key broken inside a transaction is the database's error, with its result code.
        let error = #expect(throws: (any Error).self) {
            try db.transaction {
                var twin = Crew(name: "Pequod")
                try twin.insert(in: db)
            }
        }
        #expect(error.flatMap(Backend.resultCode) == .uniqueConstraint)
        #expect(try Crew.count(in: db) == 1)
    }

    @Test(arguments: Backend.allCases)
    func aReadRefusesWritesWithEachDatabasesError(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        _ = try Self.enlist(["Ahab", "Pip"], as: "Pequod", in: db)
        let names = try db.read { try Sailor.query().orderAsc("name").pluck("name", as: String.self, in: db) }
        #expect(names == ["Ahab", "Pip"])
        let refused = #expect(throws: (any Error).self) {
            try db.read { try db.from("sailor").set("name", "Fedallah").set("rank", 9).insert(in: db) }
        }
        switch backend {
        case .sqlite:
            guard case .writeInsideRead? = refused as? QueryError else {
                Issue.record("expected writeInsideRead, got \(String(describing: refused))")
                return
            }
        case .postgresql:
            #expect((refused as? PostgreSQLError)?.resultCode == .readOnly)
        }
        #expect(try Sailor.count(in: db) == 2)
        #expect(throws: (any Error).self) { try db.execute("INSERT INTO nowhere VALUES (1)") }
        #expect(throws: (any Error).self) { try db.fetchAll("SELEC 1") }
    }

    @Test(arguments: Backend.allCases)
    func observedRecordsAndModelsFollowCommitsOfAnotherDatabaseValue(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        _ = try Self.enlist(["Ahab"], as: "Pequod", in: db)
        let other = try opened.another()
        let otherDB: any SQLDatabase = other.database

        let deliveries = Deliveries<[String]>()
        let token = try Sailor.query().orderAsc("name").observe(in: db) { deliveries.append($0.map(\.name)) }
        defer { token.cancel() }
        let unique = Deliveries<[Int]>()
        let uniqueToken = try Sailor.query().orderAsc("name").observe(in: db, removingDuplicates: true) {
            unique.append($0.map(\.rank))
        }
        defer { uniqueToken.cancel() }
        let model = try RecordsModel(Sailor.query().orderAsc("name"), in: db)
        let modelled = Deliveries<[String]>()
        let follow = model.observe { modelled.append($0.state.map(\.name)) }
        defer { follow.cancel() }
        let rows = Deliveries<Int>()
        let rowsToken = try db.from("sailor").observe(in: db) { rows.append($0.count) }
        defer { rowsToken.cancel() }
        #expect(deliveries.wait { $0.first == ["Ahab"] } != nil)
        #expect(unique.wait { $0.first == [1] } != nil)
        #expect(model.state.map(\.name) == ["Ahab"])

        var pip = Sailor(name: "Pip", rank: 1)
        try pip.save(in: otherDB)
        #expect(deliveries.wait { $0.last == ["Ahab", "Pip"] } != nil)
        #expect(modelled.wait { $0.last == ["Ahab", "Pip"] } != nil)
        #expect(rows.wait { $0.last == 2 } != nil)
        #expect(unique.wait { $0.last == [1, 1] } != nil)
        // A commit that writes the table but leaves these records as they were: skipped by
        // the observation removing duplicates (the next commit is the fence).
        try Sailor.query().where("name", "Ahab").updateAll(["rank": 1], in: otherDB)
        try Sailor.query().where("name", "Pip").updateAll(["rank": 5], in: otherDB)
        let ranks = unique.wait { $0.last == [1, 5] }
        #expect(ranks == [[1], [1, 1], [1, 5]])

        // The model follows a loaded query on the same database, refreshed as before.
        try model.load(Sailor.query().where("rank", .greaterThan, 4))
        #expect(modelled.wait { $0.last == ["Pip"] } != nil)
        try Sailor.query().where("name", "Pip").updateAll(["name": "Pippin"], in: otherDB)
        #expect(modelled.wait { $0.last == ["Pippin"] } != nil)
    }

    @Test(.timeLimit(.minutes(1)), arguments: Backend.allCases)
    func observedRecordsComeAsAnAsynchronousSequence(_ backend: Backend) async throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        _ = try Self.enlist(["Ahab", "Pip"], as: "Pequod", in: db)
        for try await sailors in try Sailor.query().orderAsc("name").values(in: db) {
            #expect(sailors.map(\.name) == ["Ahab", "Pip"])
            break
        }
        var updates = try Sailor.query().orderAsc("name").values(in: db, removingDuplicates: true).makeAsyncIterator()
        #expect(try await updates.next()?.map(\.rank) == [1, 2])
        try Sailor.query().where("name", "Pip").updateAll(["rank": 3], in: db)
        #expect(try await updates.next()?.map(\.rank) == [1, 3])
    }

    @Test(arguments: Backend.allCases)
    func eachDatabaseShowsItsOwnKindAndKeepsItsOwnForms(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        switch (opened.store, opened.database.backend) {
        case (.sqlite(let own), .sqlite(let reached)):
            #expect(own === reached)
            // The database's own forms are chosen when its type is known.
            var crew = Crew(name: "Pequod")
            try crew.save(in: own)
            #expect(try Crew.find(crew.id, in: own)?.name == "Pequod")
            #expect(try own.from("crew").count() == 1)
        case (.postgresql(let own), .postgreSQL(let reached)):
            #expect(own === reached)
            var crew = Crew(name: "Pequod")
            try crew.save(in: own)
            #expect(try Crew.find(crew.id, in: own)?.name == "Pequod")
            #expect(try own.from("crew").count(in: own) == 1)
        default:
            Issue.record("the database reports another kind than it is")
        }
    }

    @Test func aPostgresURLOpensTheServer() throws {
        let server = try openDatabase(try TestServer.freshDatabaseURL())
        guard case .postgreSQL(let postgreSQL) = server.backend else {
            Issue.record("a postgres:// URL opened \(server.backend)")
            return
        }
        defer { postgreSQL.close() }
        #expect(try server.fetchValue(Int.self, "SELECT 1 + $1", [1]) == 2)

        #expect(throws: PostgreSQLError.self) { try openDatabase("postgres://") }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Backend.allCases)
    func asyncCodePerformsTheSameCallsOffTheCooperativePool(_ backend: Backend) async throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        let crew = try await db.performTransaction { try Self.enlist(["Ahab", "Pip"], as: "Pequod", in: db) }
        #expect(try await db.performRead { try Sailor.count(in: db) } == 2)
        #expect(try await db.perform { try Crew.find(crew.id, in: db)?.name } == "Pequod")
        struct Squall: Error {}
        await #expect(throws: Squall.self) {
            try await db.performTransaction {
                var stowaway = Sailor(name: "Stowaway", rank: 0)
                try stowaway.save(in: db)
                throw Squall()
            }
        }
        #expect(try await db.performRead { try Sailor.query().orderAsc("name").pluck("name", as: String.self, in: db) } == ["Ahab", "Pip"])
    }

    @Test(arguments: Backend.allCases)
    func migrationsApplyOnceOnEitherDatabaseAndAFailingOneLeavesNothing(_ backend: Backend) throws {
        let opened = try BackendDatabase.fresh(backend)
        let db: any SQLDatabase = opened.database
        let migrations = [
            Migration("0001_harbor", sql: "CREATE TABLE harbor (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
            Migration("0002_seed", sql: "INSERT INTO harbor (id, name) VALUES (1, 'Nantucket')"),
        ]
        #expect(try db.appliedMigrations().isEmpty)
        #expect(try db.migrate(migrations) == ["0001_harbor", "0002_seed"])
        #expect(try db.migrate(migrations).isEmpty)
        #expect(try db.appliedMigrations() == ["0001_harbor", "0002_seed"])

        let failing = migrations + [Migration("0003_broken", sql: "INSERT INTO harbor (id, name) VALUES (2, 'Bedford'); INSERT INTO nowhere VALUES (1)")]
        let error = #expect(throws: MigrationError.self) { try db.migrate(failing) }
        if case .failed(let identifier, _, _)? = error {
            #expect(identifier == "0003_broken")
        } else {
            Issue.record("expected a failed migration, got \(String(describing: error))")
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM harbor") == 1)
        #expect(try db.appliedMigrations() == ["0001_harbor", "0002_seed"])

        // Each migration needs a transaction of its own.
        let pending = migrations + [Migration("0006_dock", sql: "CREATE TABLE dock (id INTEGER)")]
        let nested = #expect(throws: MigrationError.self) { try db.transaction { try db.migrate(pending) } }
        guard case .insideTransaction? = nested else {
            Issue.record("expected insideTransaction, got \(String(describing: nested))")
            return
        }
        #expect(try db.appliedMigrations() == ["0001_harbor", "0002_seed"])

        let reversible = migrations + [Migration("0007_pier", sql: "CREATE TABLE pier (id INTEGER)", downSQL: "DROP TABLE pier")]
        #expect(try db.migrate(reversible) == ["0007_pier"])
        #expect(throws: MigrationError.self) { try db.rollback(reversible, steps: 2) }   // 0002 has no down SQL
        #expect(try db.appliedMigrations() == ["0001_harbor", "0002_seed", "0007_pier"])
        #expect(try db.rollback(reversible) == ["0007_pier"])
        #expect(try db.appliedMigrations() == ["0001_harbor", "0002_seed"])

        let duplicated = [migrations[0], Migration("0001_harbor", sql: "SELECT 1")]
        #expect(throws: MigrationError.self) { try db.migrate(duplicated) }

        // A migration written in Swift gets a SQLite connection: it runs on SQLite, and
        // PostgreSQL refuses it before applying anything.
        let swift = Migration("0004_swift") { connection in try connection.execute("DELETE FROM harbor") }
        let withSwift = migrations + [Migration("0005_more", sql: "INSERT INTO harbor (id, name) VALUES (3, 'Salem')"), swift]
        switch backend {
        case .sqlite:
            #expect(try db.migrate(withSwift) == ["0005_more", "0004_swift"])
            #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM harbor") == 0)
        case .postgresql:
            let refused = #expect(throws: PostgreSQLError.self) { try db.migrate(withSwift) }
            #expect(refused?.kind == .unsupported)
            #expect(try db.appliedMigrations() == ["0001_harbor", "0002_seed"])
        }
    }

    @Test func aLocationIsReadOnUnicodeScalarsAndOneThatNamesNoDatabaseIsRefused() throws {
        let folder = try TemporaryFolder()
        let absolute = folder.url.appendingPathComponent("absolute.sqlite").path
        for (location, path) in [
            (absolute, absolute), ("sqlite://" + absolute, absolute), ("SQLITE:" + absolute, absolute),
            ("sqlite:" + absolute, absolute), ("file:" + absolute + "?mode=rwc", "file:" + absolute + "?mode=rwc"),
        ] {
            let db = try openDatabase(location)
            defer { db.close() }
            guard case .sqlite(let sqlite) = db.backend else {
                Issue.record("\(location) opened \(db.backend)")
                continue
            }
            #expect(sqlite.path == path)
            try db.execute("CREATE TABLE IF NOT EXISTS opened (location TEXT)")
            try db.execute("INSERT INTO opened VALUES (?)", [location])
        }
        #expect(try openDatabase(absolute).fetchValue(Int.self, "SELECT count(*) FROM opened") == 5)
        #expect(try openDatabase(":memory:").fetchValue(Int.self, "SELECT 2 * ?", [21]) == 42)
        #expect(try openDatabase("sqlite::memory:").fetchValue(Int.self, "SELECT 3") == 3)

        for location in ["", "sqlite:", "sqlite://", "postgres:host/db", "PostgreSQL:app@host", "mysql://bee@localhost/shop", "HTTP://x"] {
            let error = #expect(throws: PostgreSQLError.self, "\(location)") { try openDatabase(location) }
            #expect(error?.kind == .configuration)
        }
        // A combining mark after the scheme's colon stays part of the path (a folder that
        // does not exist): SQLite's typed error, and no file made anywhere.
        #expect(throws: DatabaseError.self) { try openDatabase("sqlite:\u{301}" + absolute) }
        #expect(!FileManager.default.fileExists(atPath: "\u{301}" + absolute))
    }
}
#endif
