import Foundation

/// Applies and rolls back a sequence of ``Migration``s on a database, recording what it
/// applied in the database's `beestore_migrations` table.
///
/// Each migration runs in its own immediate transaction, with foreign key enforcement
/// suspended while it runs and every foreign key checked (`PRAGMA foreign_key_check`)
/// before it commits; a failing migration is rolled back completely. The set of applied
/// migrations is read again inside each transaction, so several processes or `Database`
/// instances migrating one file at once apply each migration exactly once.
///
/// ```swift
/// var migrator = Migrator(database: db)
/// try migrator.registerMigrations(from: URL(fileURLWithPath: "Migrations"))
/// try migrator.register(Migration("0100_seed", version: "1") { connection in
///     try connection.execute("INSERT INTO sections (id, name, sort) VALUES (1, 'Ruby', 1)")
/// })
/// try migrator.migrate()
/// for entry in try migrator.status() { print(entry.identifier, entry.state) }
/// try migrator.rollback(steps: 1)
/// ```
public struct Migrator: Sendable {
    /// The database the migrator changes.
    public let database: Database

    /// The registered migrations, in the order they apply.
    public private(set) var migrations: [Migration] = []

    /// A migrator for `database`, with no migrations registered yet.
    public init(database: Database) {
        self.database = database
    }

    /// Adds a migration after those already registered, or throws
    /// ``MigrationError/duplicateIdentifier(_:)``.
    public mutating func register(_ migration: Migration) throws {
        guard self.migration(named: migration.identifier) == nil else {
            throw MigrationError.duplicateIdentifier(migration.identifier)
        }
        migrations.append(migration)
    }

    /// Adds the SQL migrations of a directory (see ``Migration/load(from:)``) after those
    /// already registered, in the order of their numeric prefixes.
    public mutating func registerMigrations(from directory: URL) throws {
        for migration in try Migration.load(from: directory) {
            try register(migration)
        }
    }

    /// Applies the pending migrations in order, up to and including `target` when one is
    /// named, and returns the identifiers of those it applied. `onApplied` is called with
    /// each identifier once its migration is committed, so that a caller knows what was
    /// applied even when a later migration fails. Migrations that another process or
    /// `Database` applies meanwhile are neither returned nor reported.
    ///
    /// Throws ``MigrationError/checksumMismatch(identifier:recorded:current:)`` when an
    /// applied migration changed since, unless `acceptingChangedChecksums` is true: the
    /// new checksums are then recorded. A failing migration throws
    /// ``MigrationError/failed(identifier:direction:cause:)``; the migrations applied
    /// before it stay applied.
    ///
    /// When nothing is pending and no checksum is to be recorded, the database is only
    /// read: it is left exactly as it was (no `beestore_migrations` table is created).
    @discardableResult
    public func migrate(
        upTo target: String? = nil, acceptingChangedChecksums: Bool = false, onApplied: (String) -> Void = { _ in }
    ) throws -> [String] {
        let candidates = try target.map { migrations[...(try position(of: $0))] } ?? migrations[...]
        guard try hasWork(in: candidates, acceptingChangedChecksums: acceptingChangedChecksums) else { return [] }
        var applied: [String] = []
        while let migration = try applyNext(of: candidates, acceptingChangedChecksums: acceptingChangedChecksums) {
            applied.append(migration.identifier)
            onApplied(migration.identifier)
        }
        return applied
    }

    /// Applies the first of `candidates` that is not applied yet, if any, in a transaction
    /// that first reads what is applied.
    private func applyNext(of candidates: ArraySlice<Migration>, acceptingChangedChecksums: Bool) throws -> Migration? {
        try database.writeWithoutTransaction { connection in
            try connection.schemaChangeTransaction { connection in
                try MigrationLedger.create(in: connection)
                let entries = try MigrationLedger.entries(in: connection)
                try verifyChecksums(of: entries, accepting: acceptingChangedChecksums, in: connection)
                let applied = Set(entries.map(\.identifier))
                guard let next = candidates.first(where: { !applied.contains($0.identifier) }) else {
                    return nil
                }
                try run(.up, of: next, in: connection)
                try MigrationLedger.record(next, in: connection)
                return next
            }
        }
    }

    /// Whether migrating would change the database: a candidate is pending, or a changed
    /// checksum is to be recorded. A changed checksum that is not accepted throws, as
    /// ``migrate(upTo:acceptingChangedChecksums:onApplied:)`` does.
    private func hasWork(in candidates: ArraySlice<Migration>, acceptingChangedChecksums: Bool) throws -> Bool {
        let entries = try appliedEntries()
        let applied = Set(entries.map(\.identifier))
        if candidates.contains(where: { !applied.contains($0.identifier) }) { return true }
        return try !changedMigrations(in: entries, accepting: acceptingChangedChecksums).isEmpty
    }

    private func verifyChecksums(
        of entries: [MigrationLedger.Entry], accepting: Bool, in connection: Connection
    ) throws {
        for migration in try changedMigrations(in: entries, accepting: accepting) {
            try MigrationLedger.updateChecksum(of: migration, in: connection)
        }
    }

    /// The registered migrations whose checksum changed since they were applied, or
    /// ``MigrationError/checksumMismatch(identifier:recorded:current:)`` for the first
    /// of them unless changes are accepted.
    private func changedMigrations(in entries: [MigrationLedger.Entry], accepting: Bool) throws -> [Migration] {
        try entries.compactMap { entry in
            guard let migration = migration(named: entry.identifier), !migration.hasChecksum(entry.checksum) else {
                return nil
            }
            guard accepting else {
                throw MigrationError.checksumMismatch(
                    identifier: entry.identifier, recorded: entry.checksum, current: migration.checksum)
            }
            return migration
        }
    }

    /// Runs one part of a migration and checks the foreign keys, reporting any failure
    /// under the migration's name.
    func run(_ direction: MigrationDirection, of migration: Migration, in connection: Connection) throws {
        guard let body = direction == .up ? migration.up : migration.down else {
            throw MigrationError.irreversible(migration.identifier)
        }
        do {
            try body(connection)
            try connection.checkForeignKeys()
        } catch {
            throw MigrationError.failed(identifier: migration.identifier, direction: direction, cause: error)
        }
    }

    /// The migrations applied to the database, oldest first.
    func appliedEntries() throws -> [MigrationLedger.Entry] {
        try database.read { try MigrationLedger.entries(in: $0) }
    }

    func migration(named identifier: String) -> Migration? {
        migrations.first { $0.identifier == identifier }
    }

    private func position(of identifier: String) throws -> Int {
        guard let index = migrations.firstIndex(where: { $0.identifier == identifier }) else {
            throw MigrationError.notRegistered(identifier)
        }
        return index
    }
}
