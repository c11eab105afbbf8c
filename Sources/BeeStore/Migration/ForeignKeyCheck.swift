/// Rows whose foreign keys point to no parent row, as `PRAGMA foreign_key_check` finds them.
public struct ForeignKeyCheckError: Error, CustomStringConvertible {
    /// The offending rows (at most the first hundred).
    public let violations: [ForeignKeyViolation]

    /// A sentence listing the offending rows.
    public var description: String {
        "foreign key check failed: " + violations.map(\.description).joined(separator: "; ")
    }
}

extension Connection {
    /// Throws a ``ForeignKeyCheckError`` when any row of the database violates a foreign key.
    func checkForeignKeys() throws {
        let violations = try foreignKeyViolations()
        guard violations.isEmpty else { throw ForeignKeyCheckError(violations: violations) }
    }

    /// Runs `body` in an immediate transaction with foreign key enforcement suspended, as
    /// SQLite requires for schema changes that drop and recreate tables: enforcement can
    /// only be switched outside a transaction, and is restored afterwards. `body` checks
    /// the foreign keys itself before it returns.
    func schemaChangeTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        guard !isInTransaction else { throw MigrationError.insideTransaction }
        let enforced = try enforcesForeignKeys
        if enforced {
            try setEnforcesForeignKeys(false)
        }
        defer {
            if enforced { try? setEnforcesForeignKeys(true) }
        }
        return try transaction(.immediate, body)
    }
}
