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
    package func selectStatement(limit: Int?) throws -> SQLStatement {
        try validateSelect(limit: limit)
        return renderSelect(limit: limit)
    }

    /// The `INSERT` statement of `insert()`, or a ``QueryError`` when nothing is set.
    public func insertStatement(orReplace: Bool = false) throws -> SQLStatement {
        try insertStatement(orReplace: orReplace, returning: [])
    }

    /// The `INSERT` statement, with a `RETURNING` clause of `returning` when not empty.
    package func insertStatement(orReplace: Bool, returning: [SQLExpression]) throws -> SQLStatement {
        try insertStatement(orReplace: orReplace, returning: returning, cache: .shared)
    }

    /// The `INSERT` statement; the text of a plain insert (values only) comes from `cache`
    /// when an insert of the same table and columns rendered it before, and is kept there
    /// otherwise (rendered afresh without a cache).
    func insertStatement(orReplace: Bool, returning: [SQLExpression], cache: InsertSQLCache?) throws -> SQLStatement {
        try validateTable()
        try refuseRelationAggregates()
        let expressions = clausesBox?.clauses.expressionAssignments ?? []
        guard !assignments.isEmpty || !expressions.isEmpty else { throw QueryError.noValuesToInsert(table: table) }
        let dialect = dialect
        if orReplace {
            guard dialect.kind == .sqlite else {
                throw QueryError.unsupported(feature: "INSERT OR REPLACE", dialect: dialect)
            }
        }
        // A record query's columns may be named by their properties: its text depends on them too.
        let cache = expressions.isEmpty && conflict == nil && returning.isEmpty && ownColumns == nil ? cache : nil
        if let cache, let sql = cache.sql(for: self, orReplace: orReplace, dialect: dialect) {
            return SQLStatement(sql: sql, arguments: assignments.map(\.value))
        }
        var renderer = makeRenderer(scope: [table])
        renderer.append(orReplace ? "INSERT OR REPLACE INTO " : "INSERT INTO ")
        renderer.appendTable(table)
        renderer.append(" (")
        renderer.appendWrittenColumns(assignments.map(\.column) + expressions.map(\.column))
        renderer.append(") VALUES (")
        renderer.bindList(assignments.map(\.value))
        for (index, assignment) in expressions.enumerated() {
            if index > 0 || !assignments.isEmpty { renderer.append(", ") }
            assignment.value.render(into: &renderer)
        }
        renderer.append(")")
        if let conflict, !orReplace {
            try renderConflict(conflict, into: &renderer)
        }
        try renderReturning(returning, into: &renderer)
        let statement = renderer.statement
        cache?.store(statement.sql, for: self, orReplace: orReplace, dialect: dialect)
        return statement
    }

    /// ` RETURNING …`, when `returning` is not empty and the dialect has it.
    func renderReturning(_ returning: [SQLExpression], into renderer: inout SQLRenderer) throws {
        guard !returning.isEmpty else { return }
        guard renderer.dialect.supportsReturning else {
            throw QueryError.unsupported(feature: "RETURNING (SQLite 3.35 or later)", dialect: renderer.dialect)
        }
        renderer.append(" RETURNING ")
        for (index, expression) in returning.enumerated() {
            if index > 0 { renderer.append(", ") }
            expression.render(into: &renderer)
        }
    }

    /// The `UPDATE` statement of `update()`, or a ``QueryError`` when nothing is set.
    public func updateStatement() throws -> SQLStatement {
        try updateStatement(returning: [])
    }

    /// The `UPDATE` statement, with a `RETURNING` clause of `returning` when not empty.
    package func updateStatement(returning: [SQLExpression]) throws -> SQLStatement {
        try validateTable()
        guard !assignments.isEmpty || !(clausesBox?.clauses.expressionAssignments.isEmpty ?? true) else {
            throw QueryError.noValuesToUpdate(table: table)
        }
        return try renderUpdate(incrementing: nil, returning: returning)
    }

    /// The `UPDATE` statement of `increment(_:by:)`: `column` set to its value (0 when
    /// `NULL`) plus `amount`, and the columns `set` gives their values.
    package func incrementStatement(_ column: String, by amount: Value) throws -> SQLStatement {
        try renderUpdate(incrementing: (column, amount))
    }

    private func renderUpdate(
        incrementing increment: (column: String, amount: Value)?, returning: [SQLExpression] = []
    ) throws -> SQLStatement {
        try validateTable()
        try refuseRelationAggregates()
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
        for (index, assignment) in (clausesBox?.clauses.expressionAssignments ?? []).enumerated() {
            if index > 0 || !assignments.isEmpty || increment != nil { renderer.append(", ") }
            renderer.appendWrittenColumn(assignment.column)
            renderer.append(" = ")
            assignment.value.render(into: &renderer)
        }
        renderWhere(into: &renderer)
        try renderReturning(returning, into: &renderer)
        return renderer.statement
    }

    /// The `DELETE` statement of `delete()`.
    public func deleteStatement() throws -> SQLStatement {
        try deleteStatement(returning: [])
    }

    /// The `DELETE` statement, with a `RETURNING` clause of `returning` when not empty.
    package func deleteStatement(returning: [SQLExpression]) throws -> SQLStatement {
        try validateTable()
        try refuseRelationAggregates()
        var renderer = makeRenderer(scope: [table])
        renderer.append("DELETE FROM ")
        renderer.appendTable(table)
        renderWhere(into: &renderer)
        try renderReturning(returning, into: &renderer)
        return renderer.statement
    }

    /// `SELECT function(column)` over the rows this query selects, wrapping the query
    /// in a subquery when its limit, grouping or distinctness changes which rows those are.
    package func aggregateStatement(_ function: String, _ column: String?) throws -> SQLStatement {
        try validateSelect(limit: limitCount)
        var renderer = makeRenderer(scope: scope)
        renderer.append("SELECT \(function)(")
        if isDistinct || !groupColumns.isEmpty || limitCount != nil || offsetCount != nil || rendersFreshly {
            // The subquery's columns carry no table qualifier.
            if let column { renderer.appendIdentifier(renderer.resolveColumn(column).column) } else { renderer.append("*") }
            let inner = try selectStatement(limit: limitCount)
            renderer.append(") FROM (")
            renderer.append(sql: inner.sql, arguments: inner.arguments)
            // PostgreSQL before 16 requires a name for a subquery in FROM.
            renderer.append(") AS \"selected\"")
        } else {
            if let column { renderer.appendColumn(column) } else { renderer.append("*") }
            renderer.append(") FROM ")
            renderFromJoinsWhere(into: &renderer)
        }
        return renderer.statement
    }

    /// `SELECT EXISTS (query)`.
    package func existsStatement() throws -> SQLStatement {
        let inner = try selectStatement(limit: limitCount)
        var renderer = SQLRenderer()
        renderer.append("SELECT EXISTS (")
        renderer.append(sql: inner.sql, arguments: inner.arguments)
        renderer.append(")")
        return renderer.statement
    }

    /// A renderer for this query's statements: the tables in `scope` qualify columns, and
    /// the query's own columns (``ownColumns``) are found by name or property.
    private func makeRenderer(scope: [String]) -> SQLRenderer {
        var renderer = SQLRenderer(scope: scope, dialect: dialect)
        renderer.ownColumns = ownColumns?.columns ?? [:]
        renderer.qualifiesOwnColumns = !joins.isEmpty
        return renderer
    }

    /// The dialect the query renders for: the one ``rendered(for:)`` chose, else its
    /// database's, else SQLite's.
    var dialect: SQLDialect {
        clausesBox?.clauses.dialect ?? database?.dialect ?? .sqlite
    }

    /// Renders the query's `SELECT` inside a statement being rendered (a subquery, a
    /// common table, a compound's member): with its own tables and columns, the same
    /// placeholders.
    func renderSubquery(into renderer: inout SQLRenderer) {
        // The statement's tables qualify columns too, after the subquery's own: a
        // correlated subquery names them (`review.line_id = line.id`).
        rendering(into: &renderer, keepingOuterTables: true) { renderSelect(limit: limitCount, into: &$0) }
    }

    /// Runs `body` with `renderer` naming this query's tables and own columns (after the
    /// enclosing statement's tables, when `keepingOuterTables`), then gives the renderer
    /// back the statement's.
    func rendering(
        into renderer: inout SQLRenderer, keepingOuterTables: Bool, _ body: (inout SQLRenderer) -> Void
    ) {
        let (scope, ownColumns, qualifies) = (renderer.scope, renderer.ownColumns, renderer.qualifiesOwnColumns)
        renderer.scope = keepingOuterTables ? self.scope + scope : self.scope
        renderer.ownColumns = self.ownColumns?.columns ?? [:]
        renderer.qualifiesOwnColumns = !joins.isEmpty
        body(&renderer)
        (renderer.scope, renderer.ownColumns, renderer.qualifiesOwnColumns) = (scope, ownColumns, qualifies)
    }

    /// The tables whose names qualify a column in this query: its own, then the joined ones.
    var scope: [String] {
        joins.isEmpty ? [table] : [table] + joins.map(\.name)
    }

    func validateTable() throws {
        if table.isEmpty && !(clausesBox?.clauses.readsNoTable ?? false) { throw QueryError.emptyName("table") }
    }

    private func validateSelect(limit: Int?) throws {
        try validateTable()
        try refuseRelationAggregates()
        if !havingConditions.isEmpty && groupColumns.isEmpty && (clausesBox?.clauses.groupExpressions.isEmpty ?? true) {
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
            var renderer = SQLRenderer.argumentsOnly(dialect: dialect)
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
            && !rendersFreshly
    }

    /// Whether the query's text is rendered afresh each time, never cached: it holds
    /// expressions, a `WITH` or a compound select.
    var rendersFreshly: Bool {
        guard let box = clausesBox else { return conditions.hasPredicates }
        return box.clauses.hasGrammarParts || conditions.hasPredicates || box.clauses.havingConditions.hasPredicates
            || box.clauses.selection.contains { if case .expression = $0 { true } else { false } }
            || box.clauses.ordering.contains { if case .expression = $0 { true } else { false } }
            || box.clauses.joins.contains { if case .expression = $0.condition { true } else { false } }
    }

    private func renderSelectText(limit: Int?) -> SQLStatement {
        var renderer = makeRenderer(scope: scope)
        renderSelect(limit: limit, into: &renderer)
        return renderer.statement
    }

    private func renderSelect(limit limitCount: Int?, into renderer: inout SQLRenderer) {
        // The box's fields are read in place: binding its clauses would copy them all.
        if let box = clausesBox, !box.clauses.commonTables.isEmpty {
            renderCommonTables(box.clauses.commonTables, into: &renderer)
        }
        renderSelectCore(into: &renderer)
        if let box = clausesBox {
            for compound in box.clauses.compounds {
                renderer.appendSpaced(compound.operation.rawValue)
                compound.query.renderCompoundMember(into: &renderer)
            }
        }
        renderOrdering(into: &renderer)
        if let limitCount {
            renderer.append(" LIMIT ")
            renderer.bind(.integer(Int64(limitCount)))
        }
        if let offsetCount {
            if limitCount == nil { renderer.appendUnlimited() }
            renderer.append(" OFFSET ")
            renderer.bind(.integer(Int64(offsetCount)))
        }
    }

    /// `SELECT … FROM … WHERE … GROUP BY … HAVING …`: a select without its ordering and paging.
    @inline(__always)
    func renderSelectCore(into renderer: inout SQLRenderer) {
        renderer.append(isDistinct ? "SELECT DISTINCT " : "SELECT ")
        renderSelection(into: &renderer)
        if clausesBox?.clauses.readsNoTable ?? false {
            renderWhere(into: &renderer)
        } else {
            renderer.append(" FROM ")
            renderFromJoinsWhere(into: &renderer)
        }
        if let box = clausesBox, !box.clauses.groupColumns.isEmpty || !box.clauses.groupExpressions.isEmpty {
            renderer.append(" GROUP BY ")
            renderer.appendColumns(box.clauses.groupColumns)
            for (index, expression) in box.clauses.groupExpressions.enumerated() {
                if index > 0 || !box.clauses.groupColumns.isEmpty { renderer.append(", ") }
                expression.render(into: &renderer)
            }
        }
        if !havingConditions.isEmpty {
            renderer.append(" HAVING ")
            havingConditions.render(into: &renderer)
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
            case .expression(let expression, let alias):
                expression.render(into: &renderer)
                if let alias {
                    renderer.append(" AS ")
                    renderer.appendIdentifier(alias)
                }
            }
        }
    }

    private func renderFromJoinsWhere(into renderer: inout SQLRenderer) {
        renderer.appendTable(table)
        for join in joins {
            renderer.appendSpaced(join.kind.rawValue)
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
            case .expression(let condition):
                condition.render(into: &renderer)
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
            case .expression(let expression, let direction):
                expression.render(into: &renderer)
                renderer.append(direction == .ascending ? " ASC" : " DESC")
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
                // The stored row's column, qualified: PostgreSQL finds a bare name ambiguous here.
                renderer.append(", ")
                renderer.appendTable(table)
                renderer.append(".")
                renderer.appendWrittenColumn(column)
                renderer.append(")")
            }
        }
    }
}
