extension QueryPlan: CustomStringConvertible {
    /// The plan as an indented tree, full table scans flagged:
    ///
    /// ```
    /// QUERY PLAN
    /// |--SCAN Track  <- full table scan
    /// `--SEARCH Album USING INTEGER PRIMARY KEY (rowid=?)
    /// ```
    public var description: String {
        func lines(_ steps: [QueryPlanStep], prefix: String) -> [String] {
            steps.enumerated().flatMap { offset, step in
                let isLast = offset == steps.count - 1
                let flag = step.isFullTableScan ? "  <- full table scan" : ""
                return [prefix + (isLast ? "`--" : "|--") + step.detail + flag]
                    + lines(step.children, prefix: prefix + (isLast ? "   " : "|  "))
            }
        }
        return (["QUERY PLAN"] + lines(steps, prefix: "")).map { $0 + "\n" }.joined()
    }
}
