/// Why a ``Migrator`` refused or failed to change a database.
public enum MigrationError: Error, CustomStringConvertible {
    /// Two migrations were registered with the same identifier.
    case duplicateIdentifier(String)

    /// The named migration is not registered with the migrator.
    case notRegistered(String)

    /// The named migration is not applied to the database, so it cannot be a rollback target.
    case notApplied(String)

    /// The named migration has no `down` part, so it cannot be rolled back.
    case irreversible(String)

    /// An applied migration's checksum differs from the one recorded when it was applied.
    case checksumMismatch(identifier: String, recorded: String, current: String)

    /// A rollback asked for more steps than there are applied migrations, or for a negative number.
    case invalidStepCount(requested: Int, applied: Int)

    /// Migrations cannot run inside a transaction: each one needs its own (on SQLite, with
    /// foreign key enforcement suspended, which SQLite only allows outside a transaction).
    case insideTransaction

    /// The named migration failed and was rolled back; `cause` says why (often a
    /// ``DatabaseError`` or a ``ForeignKeyCheckError``).
    case failed(identifier: String, direction: MigrationDirection, cause: any Error)

    /// A sentence naming the migration and what was wrong.
    public var description: String {
        switch self {
        case .duplicateIdentifier(let identifier):
            "migration \(identifier) is registered twice"
        case .notRegistered(let identifier):
            "no migration named \(identifier) is registered"
        case .notApplied(let identifier):
            "migration \(identifier) is not applied"
        case .irreversible(let identifier):
            "migration \(identifier) has no down part and cannot be rolled back"
        case .checksumMismatch(let identifier, let recorded, let current):
            "migration \(identifier) changed after it was applied (checksum \(recorded) recorded, \(current) now)"
        case .invalidStepCount(let requested, let applied):
            "cannot roll back \(requested) migrations: \(applied) applied"
        case .insideTransaction:
            "migrations cannot run inside a transaction"
        case .failed(let identifier, let direction, let cause):
            "migration \(identifier) failed while \(direction == .up ? "applying" : "rolling back"): \(cause)"
        }
    }
}

/// Which part of a migration ran.
public enum MigrationDirection: Sendable {
    /// The part that applies the migration.
    case up
    /// The part that reverts it.
    case down
}
