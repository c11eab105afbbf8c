#if PostgreSQL
import BeeStore
import Foundation

/// Migrations on either database: the same ``BeeStore/Migration`` values and files, run
/// by the database's own migrator (``BeeStore/Migrator`` on SQLite, ``PostgreSQLMigrator``
/// on PostgreSQL), so that several processes or servers migrating at once apply each
/// migration once, and a failing one leaves nothing.
///
/// ```swift
/// try db.migrate(Migration.load(from: URL(fileURLWithPath: "Migrations")))   // at boot, on either database
/// ```
extension SQLDatabase {
    /// Applies the migrations of `migrations` not applied yet, in order; returns the
    /// identifiers of those this call applied.
    ///
    /// Throws `MigrationError.duplicateIdentifier` for two migrations with one identifier,
    /// `MigrationError.checksumMismatch` when an applied migration changed since (unless
    /// `acceptingChangedChecksums`), `MigrationError.failed` for a migration that fails
    /// (those before it stay applied), and on PostgreSQL a ``PostgreSQLError`` of kind
    /// `.unsupported` for a migration written in Swift, before anything is applied. Each
    /// migration runs in a transaction of its own: inside a `read` or `transaction` of the
    /// database, it throws `MigrationError.insideTransaction`.
    @discardableResult
    public func migrate(_ migrations: [Migration], acceptingChangedChecksums: Bool = false) throws -> [String] {
        switch backend {
        case .sqlite(let database):
            try Migrator(database: database, registering: migrations).migrate(acceptingChangedChecksums: acceptingChangedChecksums)
        case .postgreSQL(let database):
            try PostgreSQLMigrator(database: database, registering: migrations)
                .migrate(acceptingChangedChecksums: acceptingChangedChecksums)
        }
    }

    /// Reverts the last `steps` applied migrations of `migrations`, newest first, each in
    /// its own transaction; returns their identifiers. Nothing is reverted when `steps` is
    /// more than the applied migrations, or one of them is not among `migrations` or has
    /// no `down` form (a ``BeeStore/MigrationError``).
    @discardableResult
    public func rollback(_ migrations: [Migration], steps: Int = 1) throws -> [String] {
        switch backend {
        case .sqlite(let database):
            try Migrator(database: database, registering: migrations).rollback(steps: steps)
        case .postgreSQL(let database):
            try PostgreSQLMigrator(database: database, registering: migrations).rollback(steps: steps)
        }
    }

    /// The identifiers of the migrations applied to the database, in the order they were
    /// applied; empty when none was.
    public func appliedMigrations() throws -> [String] {
        switch backend {
        case .sqlite(let database):
            try Migrator(database: database).status().filter { $0.state != .pending }.map(\.identifier)
        case .postgreSQL(let database):
            try PostgreSQLMigrator(database: database).appliedMigrations()
        }
    }
}

extension Migrator {
    /// A migrator for `database` with `migrations` registered, in order.
    fileprivate init(database: Database, registering migrations: [Migration]) throws {
        self.init(database: database)
        for migration in migrations { try register(migration) }
    }
}

extension PostgreSQLMigrator {
    /// A migrator for `database` with `migrations` registered, in order.
    fileprivate init(database: PostgreSQLDatabase, registering migrations: [Migration]) throws {
        self.init(database: database)
        for migration in migrations { try register(migration) }
    }
}
#endif
