extension Inspector {
    /// Runs SQLite's integrity check and foreign key check over the whole database.
    /// Findings are returned, not thrown: the integrity check's lines as SQLite writes
    /// them, followed by the error that stopped it, if any (on a corrupt file, SQLite
    /// reports what it found and then fails); a foreign key check that cannot run is
    /// reported with its error. Only a failure to start the checks throws.
    ///
    /// SQLite verifies `CHECK` constraints only on a database opened for writing; the
    /// checks themselves never write.
    public func checkIntegrity() throws -> IntegrityReport {
        try database.read { connection in
            var messages: [String] = []
            do {
                try connection.catalog.checkIntegrity { finding in
                    // One row may hold several findings, a line each.
                    messages += (finding ?? "").split(separator: "\n").map(String.init)
                }
            } catch let error as DatabaseError {
                messages.append(error.message)
            }
            var violations: [ForeignKeyViolation] = []
            var foreignKeyCheckFailure: String?
            do {
                violations = try connection.foreignKeyViolations(limit: Int(Int32.max))
            } catch let error as DatabaseError {
                foreignKeyCheckFailure = error.message
            }
            return IntegrityReport(
                problems: messages == ["ok"] ? [] : messages, foreignKeyViolations: violations,
                foreignKeyCheckFailure: foreignKeyCheckFailure)
        }
    }
}
