#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// The lifecycle hooks of ``SQLDatabaseHooks``, run on both backends: each moment of a
/// save, an update and a delete, in order, inside the write's transaction (what a hook
/// writes through the database it is given commits or rolls back with the record), for
/// related records too, and a throwing hook refusing the whole write.
@Suite struct SQLDatabaseHooksTests {
    /// What the hooks saw, one row per call, written through the database they are given.
    struct HookLog: ActiveRecord {
        var id: Int64?
        var text: String
    }

    /// What a bee's hook throws when the bee's name asks it to refuse.
    struct Refusal: Error, Equatable {
        let hook: String
    }

    /// A record whose every hook logs its call; a bee named `refuse-HOOK` is refused by
    /// that hook.
    struct Bee: ActiveRecord, SQLDatabaseHooks, Equatable {
        var id: Int64?
        var name: String
        var stings = 0

        private func log(_ hook: String, in database: any SQLDatabase, detail: String = "") throws {
            if name == "refuse-\(hook)" { throw Refusal(hook: hook) }
            var entry = HookLog(text: "\(hook) \(name)\(detail)")
            try entry.save(in: database)
        }

        func willSave(in database: any SQLDatabase) throws { try log("willSave", in: database) }
        func didSave(in database: any SQLDatabase) throws { try log("didSave", in: database) }
        func willInsert(in database: any SQLDatabase) throws { try log("willInsert", in: database) }
        func didInsert(in database: any SQLDatabase) throws {
            try log("didInsert", in: database, detail: " #\(id.map(String.init) ?? "none")")
        }
        func willUpdate(in database: any SQLDatabase) throws { try log("willUpdate", in: database) }
        func didUpdate(in database: any SQLDatabase) throws { try log("didUpdate", in: database) }
        func willDelete(in database: any SQLDatabase) throws { try log("willDelete", in: database) }
        func didDelete(in database: any SQLDatabase) throws { try log("didDelete", in: database) }
    }

    /// A parent whose save hooks log, around those of its bees.
    struct Hive: ActiveRecord, SQLDatabaseHooks {
        var id: Int64?
        var name: String
        var bees: [Bee]?

        func willSave(in database: any SQLDatabase) throws {
            var entry = HookLog(text: "willSave hive \(name)")
            try entry.save(in: database)
        }

        func didSave(in database: any SQLDatabase) throws {
            var entry = HookLog(text: "didSave hive \(name) with \(bees?.compactMap(\.id).count ?? 0) saved bees")
            try entry.save(in: database)
        }
    }

    /// A record with only the hooks that take a SQLite `Database`.
    struct Drone: ActiveRecord {
        var id: Int64?
        var name: String

        func didInsert(in database: Database) throws {
            var entry = HookLog(text: "didInsert drone \(name)")
            try entry.save(in: database)
        }
    }

    /// The texts logged since the last call, in order; the log is emptied.
    private static func drainLog(_ db: any SQLDatabase) throws -> [String] {
        let texts = try HookLog.query().orderAsc("id").pluck("text", as: String.self, in: db)
        try HookLog.deleteAll(in: db)
        return texts
    }

    /// A database whose tables exist, with an empty log.
    private static func freshDatabase(_ backend: Backend) throws -> BackendDatabase {
        let opened = try BackendDatabase.fresh(backend)
        var hive = Hive(name: "Empty", bees: [])
        try hive.save(in: opened.database)
        #expect(try hive.delete(in: opened.database))
        _ = try drainLog(opened.database)
        return opened
    }

    @Test(arguments: Backend.allCases)
    func eachSaveUpdateAndDeleteCallsItsHooksInOrder(_ backend: Backend) throws {
        let opened = try Self.freshDatabase(backend)
        let db: any SQLDatabase = opened.database

        var maya = Bee(name: "Maya")
        try maya.save(in: db)
        let id = try #require(maya.id)
        #expect(try Self.drainLog(db) == ["willSave Maya", "willInsert Maya", "didInsert Maya #\(id)", "didSave Maya"])

        try maya.save(in: db)  // by key: its row exists
        #expect(try Self.drainLog(db) == ["willSave Maya", "willUpdate Maya", "didUpdate Maya", "didSave Maya"])

        #expect(try maya.updateChanges(in: db) { $0.stings = 1 })
        #expect(try Self.drainLog(db) == ["willSave Maya", "willUpdate Maya", "didUpdate Maya", "didSave Maya"])
        #expect(try maya.updateChanges(in: db) { $0.stings = 1 } == false)
        #expect(try Self.drainLog(db) == [])

        try maya.update(in: db)
        #expect(try Self.drainLog(db) == ["willSave Maya", "willUpdate Maya", "didUpdate Maya", "didSave Maya"])

        var willy = Bee(id: 50, name: "Willy")  // a key the app chose, which no row has
        try willy.save(in: db)
        #expect(try Self.drainLog(db) == ["willSave Willy", "willInsert Willy", "didInsert Willy #50", "didSave Willy"])

        #expect(try maya.delete(in: db))
        #expect(try Self.drainLog(db) == ["willDelete Maya", "didDelete Maya"])
        #expect(try maya.delete(in: db) == false)  // no row left: nothing was deleted
        #expect(try Self.drainLog(db) == ["willDelete Maya"])
        #expect(try Bee.delete(50, in: db))
        #expect(try Self.drainLog(db) == ["willDelete Willy", "didDelete Willy"])

        #expect(try Bee.delete(999, in: db) == false)  // no row, no record: no hook
        #expect(try Self.drainLog(db) == [])

        var queen = Bee(name: "Queen")
        try queen.insert(in: db)
        let queenID = try #require(queen.id)
        #expect(try Self.drainLog(db) == ["willSave Queen", "willInsert Queen", "didInsert Queen #\(queenID)", "didSave Queen"])

        var bees = [Bee(name: "Ann"), Bee(name: "Bob")]
        try bees.save(in: db)
        let (ann, bob) = (try #require(bees[0].id), try #require(bees[1].id))
        #expect(try Self.drainLog(db) == [
            "willSave Ann", "willInsert Ann", "didInsert Ann #\(ann)", "didSave Ann",
            "willSave Bob", "willInsert Bob", "didInsert Bob #\(bob)", "didSave Bob",
        ])
        #expect(try Bee.deleteAll(in: db) == 3)  // a bulk delete calls no hook
        #expect(try Self.drainLog(db) == [])
    }

    @Test(arguments: Backend.allCases)
    func eachDatabasesOwnFormsCallTheSameHooks(_ backend: Backend) throws {
        let opened = try Self.freshDatabase(backend)
        var bee = Bee(name: "Own")
        switch opened.database.backend {
        case .sqlite(let file):
            try bee.save(in: file)
            try bee.update(in: file)
            #expect(try bee.updateChanges(in: file) { $0.stings = 2 })
            #expect(try bee.delete(in: file))
        case .postgreSQL(let server):
            try bee.save(in: server)
            try bee.update(in: server)
            #expect(try bee.updateChanges(in: server) { $0.stings = 2 })
            #expect(try bee.delete(in: server))
        }
        let id = try #require(bee.id)
        let update = ["willSave Own", "willUpdate Own", "didUpdate Own", "didSave Own"]
        #expect(try Self.drainLog(opened.database) == [
            "willSave Own", "willInsert Own", "didInsert Own #\(id)", "didSave Own",
        ] + update + update + ["willDelete Own", "didDelete Own"])
    }

    @Test(arguments: Backend.allCases)
    func relatedRecordsCallTheirHooksInsideTheParentsSave(_ backend: Backend) throws {
        let opened = try Self.freshDatabase(backend)
        let db: any SQLDatabase = opened.database
        var hive = Hive(name: "North", bees: [Bee(name: "Maya"), Bee(name: "Willy")])
        try hive.save(in: db)
        let savedBees = try #require(hive.bees)
        let ids = savedBees.compactMap(\.id)
        #expect(ids.count == 2)
        #expect(try Self.drainLog(db) == [
            "willSave hive North",
            "willSave Maya", "willInsert Maya", "didInsert Maya #\(ids[0])", "didSave Maya",
            "willSave Willy", "willInsert Willy", "didInsert Willy #\(ids[1])", "didSave Willy",
            "didSave hive North with 2 saved bees",
        ])

        // Related records that exist are left as they are, and call no hook of theirs…
        try hive.save(in: db)
        #expect(try Self.drainLog(db) == ["willSave hive North", "didSave hive North with 2 saved bees"])
        // …unless the save updates them.
        try hive.save(in: db, updatingRelated: true)
        #expect(try Self.drainLog(db) == [
            "willSave hive North",
            "willSave Maya", "willUpdate Maya", "didUpdate Maya", "didSave Maya",
            "willSave Willy", "willUpdate Willy", "didUpdate Willy", "didSave Willy",
            "didSave hive North with 2 saved bees",
        ])

        var refused = Hive(name: "South", bees: [Bee(name: "Ann"), Bee(name: "refuse-didSave")])
        #expect(throws: Refusal(hook: "didSave")) { try refused.save(in: db) }
        #expect(refused.id == nil)
        #expect(refused.bees?.allSatisfy { $0.id == nil } == true)
        #expect(try Hive.count(in: db) == 1)
        #expect(try Bee.count(in: db) == 2)
        #expect(try Self.drainLog(db) == [])  // what the hooks logged before the refusal rolled back too
    }

    @Test(arguments: Backend.allCases)
    func aThrowingHookRefusesTheWholeWrite(_ backend: Backend) throws {
        let opened = try Self.freshDatabase(backend)
        let db: any SQLDatabase = opened.database
        for hook in ["willSave", "willInsert", "didInsert", "didSave"] {
            var bee = Bee(name: "refuse-\(hook)")
            #expect(throws: Refusal(hook: hook)) { try bee.save(in: db) }
            #expect(bee.id == nil)
        }
        #expect(try Bee.count(in: db) == 0)
        #expect(try Self.drainLog(db) == [])

        for hook in ["willUpdate", "didUpdate"] {
            var bee = Bee(name: "refuse-\(hook)")
            try bee.save(in: db)
            _ = try Self.drainLog(db)
            let saved = bee
            #expect(throws: Refusal(hook: hook)) { try bee.updateChanges(in: db) { $0.stings = 3 } }
            #expect(bee == saved)
            #expect(try Bee.find(bee.id, in: db)?.stings == 0)
            #expect(throws: Refusal(hook: hook)) { try bee.save(in: db) }
            #expect(try Self.drainLog(db) == [])
        }

        for hook in ["willDelete", "didDelete"] {
            var bee = Bee(name: "refuse-\(hook)")
            try bee.save(in: db)
            _ = try Self.drainLog(db)
            #expect(throws: Refusal(hook: hook)) { try bee.delete(in: db) }
            #expect(try Bee.exists(bee.id, in: db))
            #expect(try Self.drainLog(db) == [])
        }
    }

    /// The hooks that take a SQLite `Database` stay SQLite's: they run there, not on
    /// PostgreSQL, which names no `Database` to give them.
    @Test(arguments: Backend.allCases)
    func hooksTakingASQLiteDatabaseRunOnSQLiteOnly(_ backend: Backend) throws {
        let opened = try Self.freshDatabase(backend)
        let db: any SQLDatabase = opened.database
        var drone = Drone(name: "Buzz")
        try drone.save(in: db)
        #expect(try Drone.exists(drone.id, in: db))
        #expect(try Self.drainLog(db) == (backend == .sqlite ? ["didInsert drone Buzz"] : []))
    }
}
#endif
