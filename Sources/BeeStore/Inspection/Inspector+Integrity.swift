extension Inspector {
    /// Runs SQLite's integrity check and foreign key check over the whole database.
    /// Findings are returned, not thrown: only a failure to run the checks throws.
    ///
    /// SQLite verifies `CHECK` constraints only on a database opened for writing; the
    /// checks themselves never write.
    public func checkIntegrity() throws -> IntegrityReport {
        try database.read { connection in
            let messages = try connection.fetchAll("PRAGMA integrity_check").map { try $0.decode(String.self, at: 0) }
            let violations = try connection.fetchAll("PRAGMA foreign_key_check").map { row in
                ForeignKeyViolation(
                    table: try row.decode(String.self, at: 0), rowID: try row.decode(Int64?.self, at: 1),
                    referencedTable: try row.decode(String.self, at: 2), foreignKeyIndex: try row.decode(Int.self, at: 3))
            }
            return IntegrityReport(problems: messages == ["ok"] ? [] : messages, foreignKeyViolations: violations)
        }
    }
}
