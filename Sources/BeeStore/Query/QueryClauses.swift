/// The parts of a ``Query`` beyond its database, table and `WHERE` conditions: the
/// selection, joins, grouping, ordering, paging and write parts.
///
/// Most queries (a lookup by key, a plain filter) leave them all empty, so a query keeps
/// them out of line, in one ``Box`` made only once one is set: a query with a table and
/// a condition is then a few words to build, copy and drop.
struct QueryClauses: Sendable {
    /// The selected columns and expressions; every column when empty.
    var selection: [Query.Selection] = []
    /// `SELECT DISTINCT`.
    var isDistinct = false
    var joins: [Query.Join] = []
    /// The `GROUP BY` columns.
    var groupColumns: [String] = []
    /// The `HAVING` conditions.
    var havingConditions = Conditions()
    /// The `ORDER BY` keys.
    var ordering: [Query.Ordering] = []
    var limitCount: Int?
    var offsetCount: Int?
    /// The columns an insert or update sets, with their values, in order.
    var assignments: [(column: String, value: Value)] = []
    /// An upsert's `ON CONFLICT` clause.
    var conflict: Query.ConflictClause?
    /// See ``Query/ownColumns``.
    var ownColumns: ColumnReferences?
    /// See ``Query/keepingStoredValueWhenNull``.
    var keepingStoredValueWhenNull: Set<String> = []
    /// The dialect the query renders for, when it is not its database's.
    var dialect: SQLDialect?
    /// `GROUP BY` expressions, after the grouping columns.
    var groupExpressions: [SQLExpression] = []
    /// The columns an insert or update sets to expressions, after the values.
    var expressionAssignments: [(column: String, value: SQLExpression)] = []
    /// The common table expressions of a `WITH` before the statement.
    var commonTables: [Query.CommonTable] = []
    /// The selects joined to this one by `UNION`, `INTERSECT` or `EXCEPT`.
    var compounds: [Query.Compound] = []
    /// Whether the select reads no table (`SELECT 1`): see ``Database/select(_:)``.
    var readsNoTable = false

    /// Whether a `SELECT` with these clauses is still a lookup by its conditions alone: it
    /// selects every column of its own table, unsorted, ungrouped, unpaged, with a limit
    /// of one or more if any, and names its columns as written.
    var fitALookup: Bool {
        selection.isEmpty && !isDistinct && joins.isEmpty && groupColumns.isEmpty && havingConditions.isEmpty
            && ordering.isEmpty && (limitCount ?? 1) > 0 && offsetCount == nil && ownColumns == nil
            && !hasGrammarParts
    }

    /// Whether the clauses hold parts whose text is rendered afresh each time (never
    /// cached, never a lookup): expressions, `WITH`, compound selects, another dialect.
    var hasGrammarParts: Bool {
        dialect != nil || readsNoTable || !groupExpressions.isEmpty || !expressionAssignments.isEmpty || !commonTables.isEmpty
            || !compounds.isEmpty
    }

    /// Clauses shared by the copies of a query. A box never changes: a query that
    /// changes its clauses takes a new box, so the copies never see each other's changes.
    final class Box: Sendable {
        let clauses: QueryClauses

        init(_ clauses: QueryClauses) {
            self.clauses = clauses
        }
    }
}

extension Query {
    /// Changes the query's clauses, in a box of their own.
    mutating func changeClauses(_ change: (inout QueryClauses) -> Void) {
        var clauses = clausesBox?.clauses ?? QueryClauses()
        change(&clauses)
        clausesBox = QueryClauses.Box(clauses)
    }

    var selection: [Selection] {
        get { clausesBox?.clauses.selection ?? [] }
        set { changeClauses { $0.selection = newValue } }
    }

    var isDistinct: Bool {
        get { clausesBox?.clauses.isDistinct ?? false }
        set { changeClauses { $0.isDistinct = newValue } }
    }

    var joins: [Join] {
        get { clausesBox?.clauses.joins ?? [] }
        set { changeClauses { $0.joins = newValue } }
    }

    var groupColumns: [String] {
        get { clausesBox?.clauses.groupColumns ?? [] }
        set { changeClauses { $0.groupColumns = newValue } }
    }

    var havingConditions: Conditions {
        get { clausesBox?.clauses.havingConditions ?? Conditions() }
        set { changeClauses { $0.havingConditions = newValue } }
    }

    var ordering: [Ordering] {
        get { clausesBox?.clauses.ordering ?? [] }
        set { changeClauses { $0.ordering = newValue } }
    }

    var limitCount: Int? {
        get { clausesBox?.clauses.limitCount }
        set { changeClauses { $0.limitCount = newValue } }
    }

    var offsetCount: Int? {
        get { clausesBox?.clauses.offsetCount }
        set { changeClauses { $0.offsetCount = newValue } }
    }

    var assignments: [(column: String, value: Value)] {
        get { clausesBox?.clauses.assignments ?? [] }
        set { changeClauses { $0.assignments = newValue } }
    }

    var conflict: ConflictClause? {
        get { clausesBox?.clauses.conflict }
        set { changeClauses { $0.conflict = newValue } }
    }

    /// The columns of the query's own table by the names a record query may use for them
    /// (the column's name, or its record property's): see ``SQLRenderer/ownColumns``.
    /// Nil for a plain query.
    var ownColumns: ColumnReferences? {
        get { clausesBox?.clauses.ownColumns }
        set { changeClauses { $0.ownColumns = newValue } }
    }

    /// Columns an update (or an upsert's update) leaves as stored when it sets them to
    /// `NULL`: `col = coalesce(?, col)`.
    var keepingStoredValueWhenNull: Set<String> {
        get { clausesBox?.clauses.keepingStoredValueWhenNull ?? [] }
        set { changeClauses { $0.keepingStoredValueWhenNull = newValue } }
    }
}
