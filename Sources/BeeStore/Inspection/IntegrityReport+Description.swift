extension IntegrityReport: CustomStringConvertible {
    /// Both checks' outcomes and their findings, one per line.
    public var description: String {
        var lines = ["integrity check: " + Self.summary(problems.count, "problem")]
        lines += problems.map { "  " + $0 }
        lines.append("foreign key check: " + (foreignKeyCheckFailure.map { "could not run: " + $0 }
            ?? Self.summary(foreignKeyViolations.count, "violation")))
        lines += foreignKeyViolations.map { violation in
            let row = violation.rowID.map { "row \($0)" } ?? "a row"
            return "  \(violation.table) \(row): no matching row in \(violation.referencedTable)"
                + " (foreign key \(violation.foreignKeyIndex))"
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func summary(_ count: Int, _ noun: String) -> String {
        switch count {
        case 0: "ok"
        case 1: "1 \(noun)"
        default: "\(count) \(noun)s"
        }
    }
}
