/// Rows whose foreign keys point to no parent row, as `PRAGMA foreign_key_check` finds them.
public struct ForeignKeyCheckError: Error, CustomStringConvertible {
    /// The offending rows (at most the first hundred).
    public let violations: [ForeignKeyViolation]

    /// A sentence listing the offending rows.
    public var description: String {
        "foreign key check failed: " + violations.map(\.description).joined(separator: "; ")
    }
}

/// One row whose foreign key points to no parent row.
public struct ForeignKeyViolation: Sendable, Equatable, CustomStringConvertible {
    /// The table holding the row.
    public let table: String
    /// The row's rowid (nil for a `WITHOUT ROWID` table).
    public let rowID: Int64?
    /// The table the foreign key refers to.
    public let parent: String

    /// `node row 3 has no parent in section`.
    public var description: String {
        "\(table) row \(rowID.map(String.init) ?? "?") has no parent in \(parent)"
    }
}

extension Connection {
    /// Throws a ``ForeignKeyCheckError`` when any row of the database violates a foreign key.
    func checkForeignKeys() throws {
        let rows = try fetchAll("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check LIMIT 100")
        guard !rows.isEmpty else { return }
        throw ForeignKeyCheckError(violations: try rows.map { row in
            ForeignKeyViolation(
                table: try row.decode(String.self, at: 0),
                rowID: try row.decode(Int64?.self, at: 1),
                parent: try row.decode(String.self, at: 2))
        })
    }

    /// Runs `body` in an immediate transaction with foreign key enforcement suspended, as
    /// SQLite requires for schema changes that drop and recreate tables: enforcement can
    /// only be switched outside a transaction, and is restored afterwards. `body` checks
    /// the foreign keys itself before it returns.
    func schemaChangeTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        guard !isInTransaction else { throw MigrationError.insideTransaction }
        let enforced = try fetchValue(Bool.self, "PRAGMA foreign_keys") ?? false
        if enforced {
            try execute("PRAGMA foreign_keys = OFF")
        }
        defer {
            if enforced { try? execute("PRAGMA foreign_keys = ON") }
        }
        return try transaction(.immediate, body)
    }
}
