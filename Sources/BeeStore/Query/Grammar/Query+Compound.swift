/// How a compound select joins the rows of two selects.
public enum CompoundOperation: String, Sendable {
    /// The rows of either, each distinct row once.
    case union = "UNION"
    /// The rows of both, duplicates kept.
    case unionAll = "UNION ALL"
    /// The rows the two have in common.
    case intersect = "INTERSECT"
    /// The rows of the first that the second lacks.
    case except = "EXCEPT"
}

/// Common table expressions (`WITH`) and compound selects (`UNION`, `INTERSECT`,
/// `EXCEPT`): statements built of other selects.
extension Query {
    /// The query's select joined to `other`'s by `operation`: `SELECT … UNION SELECT …`.
    /// The ordering, limit and offset of this query apply to the whole compound; a member
    /// with its own is selected from as a subquery.
    ///
    /// ```swift
    /// let names = db.from("artist").select("name").union(db.from("band").select("name")).orderAsc("name")
    /// ```
    public consuming func compound(_ operation: CompoundOperation, _ other: Query) -> Query {
        with { $0.changeClauses { $0.compounds.append(Compound(operation: operation, query: other)) } }
    }

    /// `… UNION …`: the rows of either, each distinct row once.
    public consuming func union(_ other: Query) -> Query { compound(.union, other) }

    /// `… UNION ALL …`: the rows of both.
    public consuming func unionAll(_ other: Query) -> Query { compound(.unionAll, other) }

    /// `… INTERSECT …`: the rows the two have in common.
    public consuming func intersect(_ other: Query) -> Query { compound(.intersect, other) }

    /// `… EXCEPT …`: the rows of this query that `other` lacks.
    public consuming func except(_ other: Query) -> Query { compound(.except, other) }

    /// `WITH name (columns) AS (query)` before the statement: `name` is a table the
    /// statement (and the common tables after it) may select from.
    ///
    /// ```swift
    /// let big = db.from("order").where(.column("total") > 100)
    /// let rows = try db.from("big").with("big", as: big).count()
    /// ```
    public consuming func with(_ name: String, columns: [String] = [], as query: Query) -> Query {
        with { $0.changeClauses {
            $0.commonTables.append(CommonTable(name: name, columns: columns, query: query, isRecursive: false))
        } }
    }

    /// `WITH RECURSIVE name (columns) AS (query)`: `query` is a compound select whose later
    /// members select from `name` itself, until they add no row.
    ///
    /// ```swift
    /// // 1, 2, … 10
    /// let step = db.from("counter").select(.column("n") + 1).where(.column("n") < 10)
    /// let counter = db.from("counter").with(recursive: "counter", columns: ["n"], as: db.select(.value(1)).unionAll(step))
    /// ```
    public consuming func with(recursive name: String, columns: [String] = [], as query: Query) -> Query {
        with { $0.changeClauses {
            $0.commonTables.append(CommonTable(name: name, columns: columns, query: query, isRecursive: true))
        } }
    }

    /// `WITH [RECURSIVE] a AS (…), b AS (…) `.
    func renderCommonTables(_ tables: [CommonTable], into renderer: inout SQLRenderer) {
        renderer.append(tables.contains(where: \.isRecursive) ? "WITH RECURSIVE " : "WITH ")
        for (index, table) in tables.enumerated() {
            if index > 0 { renderer.append(", ") }
            renderer.appendIdentifier(table.name)
            if !table.columns.isEmpty {
                renderer.append(" (")
                for (position, column) in table.columns.enumerated() {
                    if position > 0 { renderer.append(", ") }
                    renderer.appendIdentifier(column)
                }
                renderer.append(")")
            }
            renderer.append(" AS (")
            table.query.renderSubquery(into: &renderer)
            renderer.append(")")
        }
        renderer.append(" ")
    }

    /// The query as a member of a compound select: its select alone, or, when it has its
    /// own ordering, paging or compounds, `SELECT * FROM (query)`.
    func renderCompoundMember(into renderer: inout SQLRenderer) {
        let clauses = clausesBox?.clauses
        let isPlain = ordering.isEmpty && limitCount == nil && offsetCount == nil
            && (clauses?.compounds.isEmpty ?? true) && (clauses?.commonTables.isEmpty ?? true)
        rendering(into: &renderer, keepingOuterTables: false) { renderer in
            if isPlain {
                renderSelectCore(into: &renderer)
            } else {
                renderer.append("SELECT * FROM (")
                renderSubquery(into: &renderer)
                renderer.append(")")
            }
        }
    }
}
