extension Query {
    /// The SQL of the `SELECT` this query runs with `get()` (not validated; see ``selectStatement()``).
    public var sql: String {
        renderSelect().sql
    }

    /// The values bound to the `?` placeholders of ``sql``, in order.
    public var arguments: [Value] {
        renderSelect().arguments
    }

    /// The `SELECT` statement of `get()`, or a ``QueryError`` for a misuse.
    public func selectStatement() throws -> SQLStatement {
        try selectStatement(limit: limitCount)
    }

    /// The `SELECT` statement of `get()` with another limit, without copying the query.
    func selectStatement(limit: Int?) throws -> SQLStatement {
        try validateSelect(limit: limit)
        return renderSelect(limit: limit)
    }

    /// The `INSERT` statement of `insert()`, or a ``QueryError`` when nothing is set.
    public func insertStatement(orReplace: Bool = false) throws -> SQLStatement {
        try validateTable()
        guard !assignments.isEmpty else { throw QueryError.noValuesToInsert(table: table) }
        var renderer = makeRenderer(scope: [table])
        renderer.append(orReplace ? "INSERT OR REPLACE INTO " : "INSERT INTO ")
        renderer.appendTable(table)
        renderer.append(" (")
        renderer.appendWrittenColumns(assignments.map(\.column))
        renderer.append(") VALUES (")
        renderer.bindList(assignments.map(\.value))
        renderer.append(")")
        if let conflict, !orReplace {
            try renderConflict(conflict, into: &renderer)
        }
        return renderer.statement
    }

    /// The `UPDATE` statement of `update()`, or a ``QueryError`` when nothing is set.
    public func updateStatement() throws -> SQLStatement {
        try validateTable()
        guard !assignments.isEmpty else { throw QueryError.noValuesToUpdate(table: table) }
        return try renderUpdate(incrementing: nil)
    }

    /// The `UPDATE` statement of `increment(_:by:)`: `column` set to its value (0 when
    /// `NULL`) plus `amount`, and the columns `set` gives their values.
    func incrementStatement(_ column: String, by amount: Value) throws -> SQLStatement {
        try renderUpdate(incrementing: (column, amount))
    }

    private func renderUpdate(incrementing increment: (column: String, amount: Value)?) throws -> SQLStatement {
        try validateTable()
        var renderer = makeRenderer(scope: [table])
        renderer.append("UPDATE ")
        renderer.appendTable(table)
        renderer.append(" SET ")
        if let increment {
            renderer.appendWrittenColumn(increment.column)
            renderer.append(" = COALESCE(")
            renderer.appendWrittenColumn(increment.column)
            renderer.append(", 0) + ")
            renderer.bind(increment.amount)
        }
        for (index, assignment) in assignments.enumerated() {
            if index > 0 || increment != nil { renderer.append(", ") }
            renderer.appendWrittenColumn(assignment.column)
            renderer.append(" = ")
            if keepingStoredValueWhenNull.contains(assignment.column) {
                renderer.append("coalesce(")
                renderer.bind(assignment.value)
                renderer.append(", ")
                renderer.appendWrittenColumn(assignment.column)
                renderer.append(")")
            } else {
                renderer.bind(assignment.value)
            }
        }
        renderWhere(into: &renderer)
        return renderer.statement
    }

    /// The `DELETE` statement of `delete()`.
    public func deleteStatement() throws -> SQLStatement {
        try validateTable()
        var renderer = makeRenderer(scope: [table])
        renderer.append("DELETE FROM ")
        renderer.appendTable(table)
        renderWhere(into: &renderer)
        return renderer.statement
    }

    /// `SELECT function(column)` over the rows this query selects, wrapping the query
    /// in a subquery when its limit, grouping or distinctness changes which rows those are.
    func aggregateStatement(_ function: String, _ column: String?) throws -> SQLStatement {
        try validateSelect(limit: limitCount)
        var renderer = makeRenderer(scope: scope)
        renderer.append("SELECT \(function)(")
        if isDistinct || !groupColumns.isEmpty || limitCount != nil || offsetCount != nil {
            // The subquery's columns carry no table qualifier.
            if let column { renderer.appendIdentifier(renderer.resolveColumn(column).column) } else { renderer.append("*") }
            let inner = renderSelect()
            renderer.append(") FROM (")
            renderer.append(sql: inner.sql, arguments: inner.arguments)
            renderer.append(")")
        } else {
            if let column { renderer.appendColumn(column) } else { renderer.append("*") }
            renderer.append(") FROM ")
            renderFromJoinsWhere(into: &renderer)
        }
        return renderer.statement
    }

    /// `SELECT EXISTS (query)`.
    func existsStatement() throws -> SQLStatement {
        try validateSelect(limit: limitCount)
        let inner = renderSelect()
        var renderer = SQLRenderer()
        renderer.append("SELECT EXISTS (")
        renderer.append(sql: inner.sql, arguments: inner.arguments)
        renderer.append(")")
        return renderer.statement
    }

    /// A renderer for this query's statements: the tables in `scope` qualify columns, and
    /// the query's own columns (``ownColumns``) are found by name or property.
    private func makeRenderer(scope: [String]) -> SQLRenderer {
        var renderer = SQLRenderer(scope: scope)
        renderer.ownColumns = ownColumns?.columns ?? [:]
        renderer.qualifiesOwnColumns = !joins.isEmpty
        return renderer
    }

    /// The tables whose names qualify a column in this query: its own, then the joined ones.
    var scope: [String] {
        joins.isEmpty ? [table] : [table] + joins.map(\.name)
    }

    func validateTable() throws {
        if table.isEmpty { throw QueryError.emptyName("table") }
    }

    private func validateSelect(limit: Int?) throws {
        try validateTable()
        if !havingConditions.isEmpty && groupColumns.isEmpty {
            throw QueryError.havingWithoutGroupBy(table: table)
        }
        if let limit, limit < 0 { throw QueryError.negativeLimit(limit) }
        if let offsetCount, offsetCount < 0 { throw QueryError.negativeLimit(offsetCount) }
    }

    func renderSelect() -> SQLStatement {
        renderSelect(limit: limitCount)
    }

    /// The `SELECT` with `limit`, its text taken from `cache` when a query of the same
    /// shape rendered it before (only the arguments are collected then), and kept there
    /// otherwise; rendered afresh without a cache.
    func renderSelect(limit: Int?, cache: SelectSQLCache? = .shared) -> SQLStatement {
        guard let cache, isWorthCaching else { return renderSelectText(limit: limit) }
        if let sql = cache.sql(for: self, limit: limit) {
            var renderer = SQLRenderer.argumentsOnly()
            renderSelect(limit: limit, into: &renderer)
            return SQLStatement(sql: sql, arguments: renderer.arguments)
        }
        let statement = renderSelectText(limit: limit)
        cache.store(statement.sql, for: self, limit: limit)
        return statement
    }

    /// The longest `IN` list a cached shape has: each length is a shape of its own, and
    /// longer lists, whose binding costs more than their text, would crowd out the
    /// shapes that repeat.
    static let longestCachedList = 64

    /// Whether the query's shape is kept in the cache: not when one of its `IN` lists is
    /// longer than ``longestCachedList``.
    private var isWorthCaching: Bool {
        conditions.longestList <= Self.longestCachedList && havingConditions.longestList <= Self.longestCachedList
    }

    private func renderSelectText(limit: Int?) -> SQLStatement {
        var renderer = makeRenderer(scope: scope)
        renderSelect(limit: limit, into: &renderer)
        return renderer.statement
    }

    private func renderSelect(limit limitCount: Int?, into renderer: inout SQLRenderer) {
        renderer.append(isDistinct ? "SELECT DISTINCT " : "SELECT ")
        renderSelection(into: &renderer)
        renderer.append(" FROM ")
        renderFromJoinsWhere(into: &renderer)
        if !groupColumns.isEmpty {
            renderer.append(" GROUP BY ")
            renderer.appendColumns(groupColumns)
        }
        if !havingConditions.isEmpty {
            renderer.append(" HAVING ")
            havingConditions.render(into: &renderer)
        }
        renderOrdering(into: &renderer)
        if let limitCount {
            renderer.append(" LIMIT ")
            renderer.bind(.integer(Int64(limitCount)))
        }
        if let offsetCount {
            if limitCount == nil { renderer.append(" LIMIT -1") }
            renderer.append(" OFFSET ")
            renderer.bind(.integer(Int64(offsetCount)))
        }
    }

    private func renderSelection(into renderer: inout SQLRenderer) {
        guard !selection.isEmpty else {
            renderer.append("*")
            return
        }
        for (index, item) in selection.enumerated() {
            if index > 0 { renderer.append(", ") }
            switch item {
            case .column(let name):
                renderer.appendSelected(name)
            case .aggregate(let function, let column, let alias):
                renderer.append("\(function)(")
                renderer.appendColumn(column)
                renderer.append(")")
                if let alias {
                    renderer.append(" AS ")
                    renderer.appendIdentifier(alias)
                }
            case .sql(let expression):
                renderer.append(expression)
            }
        }
    }

    private func renderFromJoinsWhere(into renderer: inout SQLRenderer) {
        renderer.appendTable(table)
        for join in joins {
            renderer.append(" \(join.kind) ")
            renderer.appendTable(join.table)
            if let alias = join.alias {
                renderer.append(" AS ")
                renderer.appendIdentifier(alias)
            }
            renderer.append(" ON ")
            switch join.condition {
            case .columns(let left, let right):
                renderer.appendColumn(left)
                renderer.append(" = ")
                renderer.appendColumn(right)
            case .sql(let condition):
                renderer.append(condition)
            }
        }
        renderWhere(into: &renderer)
    }

    private func renderWhere(into renderer: inout SQLRenderer) {
        guard !conditions.isEmpty else { return }
        renderer.append(" WHERE ")
        conditions.render(into: &renderer)
    }

    private func renderOrdering(into renderer: inout SQLRenderer) {
        guard !ordering.isEmpty else { return }
        renderer.append(" ORDER BY ")
        for (index, item) in ordering.enumerated() {
            if index > 0 { renderer.append(", ") }
            switch item {
            case .column(let column, let direction):
                renderer.appendColumn(column)
                renderer.append(direction == .ascending ? " ASC" : " DESC")
            case .random:
                renderer.append("RANDOM()")
            case .sql(let expression):
                renderer.append(expression)
            }
        }
    }

    private func renderConflict(_ conflict: ConflictClause, into renderer: inout SQLRenderer) throws {
        renderer.append(" ON CONFLICT")
        if !conflict.columns.isEmpty {
            renderer.append(" (")
            renderer.appendWrittenColumns(conflict.columns)
            renderer.append(")")
        }
        guard let named = conflict.updates else {
            renderer.append(" DO NOTHING")
            return
        }
        let updates = named.isEmpty ? assignments.map(\.column).filter { !conflict.columns.contains($0) } : named
        guard !updates.isEmpty, !conflict.columns.isEmpty else { throw QueryError.nothingToUpsert(table: table) }
        renderer.append(" DO UPDATE SET ")
        for (index, column) in updates.enumerated() {
            if index > 0 { renderer.append(", ") }
            renderer.appendWrittenColumn(column)
            let keepsStored = keepingStoredValueWhenNull.contains(column)
            renderer.append(keepsStored ? " = coalesce(excluded." : " = excluded.")
            renderer.appendWrittenColumn(column)
            if keepsStored {
                renderer.append(", ")
                renderer.appendWrittenColumn(column)
                renderer.append(")")
            }
        }
    }
}
