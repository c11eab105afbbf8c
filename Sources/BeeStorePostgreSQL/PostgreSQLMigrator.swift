#if PostgreSQL
import BeeStore
import Foundation

/// Applies SQL ``Migration``s to a PostgreSQL database, recording them in its
/// `beestore_migrations` table: the same migrations and migration files as on SQLite,
/// where a migration's `.postgresql.sql` companion (or
/// ``Migration/withPostgreSQL(_:downSQL:)``) replaces SQL that PostgreSQL reads otherwise.
///
/// Each migration runs in its own transaction, which PostgreSQL makes all or nothing, its
/// schema changes included: a failing migration leaves nothing behind. The transaction
/// first takes an advisory lock that every BeeStore migrator takes, then reads what is
/// applied, so that several app servers booting at once apply each migration exactly once.
/// Migrations written in Swift run on SQLite only: registering one throws.
///
/// ```swift
/// var migrator = PostgreSQLMigrator(database: db)
/// try migrator.registerMigrations(from: URL(fileURLWithPath: "Migrations"))
/// try migrator.migrate()
/// ```
public struct PostgreSQLMigrator: Sendable {
    /// The database the migrator changes.
    public let database: PostgreSQLDatabase

    /// The registered migrations, in the order they apply.
    public private(set) var migrations: [Migration] = []

    /// A migrator for `database`, with no migrations registered yet.
    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    /// Adds an SQL migration after those already registered, or throws
    /// `MigrationError.duplicateIdentifier`, or a ``PostgreSQLError`` for a migration
    /// written in Swift.
    public mutating func register(_ migration: Migration) throws {
        guard !migrations.contains(where: { $0.identifier == migration.identifier }) else {
            throw MigrationError.duplicateIdentifier(migration.identifier)
        }
        guard migration.script(for: .postgreSQL) != nil else {
            throw PostgreSQLError(
                kind: .unsupported,
                message: "migration \(migration.identifier) is written in Swift for SQLite: give it SQL to run on PostgreSQL")
        }
        migrations.append(migration)
    }

    /// Adds the SQL migrations of a directory (see `Migration.load(from:)`).
    public mutating func registerMigrations(from directory: URL) throws {
        for migration in try Migration.load(from: directory) {
            try register(migration)
        }
    }

    /// Applies the pending migrations in order and returns the identifiers of those it
    /// applied (not those another server applied meanwhile).
    ///
    /// Throws `MigrationError.checksumMismatch` when an applied migration changed since,
    /// unless `acceptingChangedChecksums` is true, and `MigrationError.failed` for a
    /// migration that fails; those applied before it stay applied. Each migration runs in
    /// a transaction of its own: called inside a `read`, `write` or `transaction` of the
    /// database, it throws `MigrationError.insideTransaction`, as on SQLite.
    @discardableResult
    public func migrate(acceptingChangedChecksums: Bool = false) throws -> [String] {
        guard !database.isInsideClosure else { throw MigrationError.insideTransaction }
        var applied: [String] = []
        while let next = try applyNext(acceptingChangedChecksums: acceptingChangedChecksums) {
            applied.append(next)
        }
        return applied
    }

    /// The identifiers of the applied migrations, in the order they were applied.
    public func appliedMigrations() throws -> [String] {
        try database.read { connection in
            try PostgreSQLMigrationLedger.entries(in: connection).map(\.identifier)
        }
    }

    /// Reverts the last `steps` applied migrations, newest first, each in its own
    /// transaction; returns their identifiers.
    ///
    /// Nothing is reverted when `steps` is negative or more than the applied migrations
    /// (`MigrationError.invalidStepCount`), or when one of them is not registered
    /// (`MigrationError.notRegistered`) or has no `down` SQL (`MigrationError.irreversible`).
    @discardableResult
    public func rollback(steps: Int = 1) throws -> [String] {
        guard !database.isInsideClosure else { throw MigrationError.insideTransaction }
        let applied = try appliedMigrations()
        guard (0...applied.count).contains(steps) else {
            throw MigrationError.invalidStepCount(requested: steps, applied: applied.count)
        }
        let targets = try applied.suffix(steps).reversed().map(reversibleMigration(named:))
        var reverted: [String] = []
        for (migration, down) in targets where try revertIfApplied(migration, running: down) {
            reverted.append(migration.identifier)
        }
        return reverted
    }

    /// The registered migration named `identifier` and its `down` SQL.
    private func reversibleMigration(named identifier: String) throws -> (Migration, String) {
        guard let migration = migrations.first(where: { $0.identifier == identifier }) else {
            throw MigrationError.notRegistered(identifier)
        }
        guard let down = migration.script(for: .postgreSQL)?.down else {
            throw MigrationError.irreversible(identifier)
        }
        return (migration, down)
    }

    /// Reverts `migration` with `down` in one transaction that holds the migrators' lock,
    /// unless another server reverted it meanwhile; returns whether it did.
    private func revertIfApplied(_ migration: Migration, running down: String) throws -> Bool {
        try database.write { connection in
            try PostgreSQLMigrationLedger.lock(connection)
            let entries = try PostgreSQLMigrationLedger.entries(in: connection)
            guard entries.contains(where: { $0.identifier == migration.identifier }) else { return false }
            try run(down, of: migration, direction: .down, on: connection)
            try PostgreSQLMigrationLedger.remove(migration.identifier, in: connection)
            return true
        }
    }

    /// Applies the first registered migration not applied yet, if any, in one transaction
    /// that holds the migrators' lock.
    private func applyNext(acceptingChangedChecksums: Bool) throws -> String? {
        try database.write { connection in
            try PostgreSQLMigrationLedger.lock(connection)
            let entries = try PostgreSQLMigrationLedger.entries(in: connection)
            for entry in entries {
                guard let migration = migrations.first(where: { $0.identifier == entry.identifier }) else { continue }
                let current = migration.checksum(for: .postgreSQL)
                guard entry.checksum != current else { continue }
                guard acceptingChangedChecksums else {
                    throw MigrationError.checksumMismatch(
                        identifier: entry.identifier, recorded: entry.checksum, current: current)
                }
                try PostgreSQLMigrationLedger.updateChecksum(of: migration, in: connection)
            }
            let applied = Set(entries.map(\.identifier))
            guard let next = migrations.first(where: { !applied.contains($0.identifier) }),
                let script = next.script(for: .postgreSQL)
            else { return nil }
            try run(script.up, of: next, direction: .up, on: connection)
            try PostgreSQLMigrationLedger.record(next, position: entries.count + 1, in: connection)
            return next.identifier
        }
    }

    private func run(_ sql: String, of migration: Migration, direction: MigrationDirection, on connection: PostgreSQLConnection) throws {
        do {
            try connection.execute(script: sql)
        } catch {
            throw MigrationError.failed(identifier: migration.identifier, direction: direction, cause: error)
        }
    }
}
#endif
