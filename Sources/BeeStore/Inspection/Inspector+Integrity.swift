extension Inspector {
    /// Runs SQLite's integrity check and foreign key check over the whole database.
    /// Findings are returned, not thrown: only a failure to run the checks throws.
    ///
    /// SQLite verifies `CHECK` constraints only on a database opened for writing; the
    /// checks themselves never write.
    public func checkIntegrity() throws -> IntegrityReport {
        try database.read { connection in
            let messages = try connection.fetchAll("PRAGMA integrity_check").map { try $0.decode(String.self, at: 0) }
            let violations = try connection.foreignKeyViolations(limit: Int(Int32.max))
            return IntegrityReport(problems: messages == ["ok"] ? [] : messages, foreignKeyViolations: violations)
        }
    }
}
