#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

/// The same `Migration` values, registered with the backend's migrator: SQLite's
/// `Migrator`, or `PostgreSQLMigrator`.
struct BackendMigrator {
    private enum Store {
        case sqlite(Migrator)
        case postgresql(PostgreSQLMigrator)
    }

    private let store: Store

    init(_ database: BackendDatabase, _ migrations: [Migration]) throws {
        switch database.store {
        case .sqlite(let database):
            var migrator = Migrator(database: database)
            for migration in migrations { try migrator.register(migration) }
            store = .sqlite(migrator)
        case .postgresql(let database):
            var migrator = PostgreSQLMigrator(database: database)
            for migration in migrations { try migrator.register(migration) }
            store = .postgresql(migrator)
        }
    }

    /// Applies the pending migrations; returns those it applied.
    @discardableResult
    func migrate() throws -> [String] {
        switch store {
        case .sqlite(let migrator): try migrator.migrate()
        case .postgresql(let migrator): try migrator.migrate()
        }
    }

    /// The identifiers of the applied migrations, in the order they were applied.
    func appliedMigrations() throws -> [String] {
        switch store {
        case .sqlite(let migrator): try migrator.status().filter { $0.state != .pending }.map(\.identifier)
        case .postgresql(let migrator): try migrator.appliedMigrations()
        }
    }

    /// Reverts the last `steps` applied migrations, newest first; returns them.
    @discardableResult
    func rollback(steps: Int = 1) throws -> [String] {
        switch store {
        case .sqlite(let migrator): try migrator.rollback(steps: steps)
        case .postgresql(let migrator): try migrator.rollback(steps: steps)
        }
    }
}
#endif
