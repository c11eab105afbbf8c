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
    /// of one or more if any, and names its columns as written, in its database's dialect.
    var fitALookup: Bool {
        selection.isEmpty && !isDistinct && joins.isEmpty && groupColumns.isEmpty && havingConditions.isEmpty
            && ordering.isEmpty && (limitCount ?? 1) > 0 && offsetCount == nil && ownColumns == nil
            && dialect == nil && !hasGrammarParts
    }

    /// Whether the clauses hold parts whose text is rendered afresh each time (never
    /// cached, never a lookup): expressions, `WITH`, compound selects.
    var hasGrammarParts: Bool {
        readsNoTable || !groupExpressions.isEmpty || !expressionAssignments.isEmpty || !commonTables.isEmpty
            || !compounds.isEmpty
    }

    /// Clauses shared by the copies of a query, copied on write: a query changes its box
    /// in place only while it holds the box's one reference, and otherwise takes a new
    /// box, so copies never see each other's changes.
    // `@unchecked Sendable`: `clauses` is written only through `Query.changeableClauses`,
    // after `isKnownUniquelyReferenced` proved that the query writing it holds the only
    // reference to the box, so no other query, and no other thread, can be reading it. A
    // builder chain (`from("t").set(…).set(…)`) then changes one box in place rather
    // than copying every clause into a new box at each call.
    final class Box: @unchecked Sendable {
        // `@exclusivity(unchecked)`: as a class's `var`, every read of a clause (a shape
        // compared, a statement rendered) would otherwise be checked at run time for a
        // conflicting write, a call into the runtime and its thread-local access set; the
        // only write happens with the box held alone (above), so no access can overlap it.
        @exclusivity(unchecked) var clauses: QueryClauses

        init(_ clauses: QueryClauses) {
            self.clauses = clauses
        }
    }
}

extension Query {
    /// Changes the query's clauses, in a box of their own.
    mutating func changeClauses(_ change: (inout QueryClauses) -> Void) {
        change(&changeableClauses)
    }

    /// The query's clauses, changed in place when the query holds the only reference to
    /// its box, else in a copy in a box of its own.
    private var changeableClauses: QueryClauses {
        get { clausesBox?.clauses ?? QueryClauses() }
        _modify {
            if !isKnownUniquelyReferenced(&clausesBox) {
                clausesBox = QueryClauses.Box(clausesBox?.clauses ?? QueryClauses())
            }
            // Never nil: set just above when it was.
            yield &clausesBox!.clauses
        }
    }

    var selection: [Selection] {
        get { clausesBox?.clauses.selection ?? [] }
        _modify { yield &changeableClauses.selection }
    }

    var isDistinct: Bool {
        get { clausesBox?.clauses.isDistinct ?? false }
        _modify { yield &changeableClauses.isDistinct }
    }

    var joins: [Join] {
        get { clausesBox?.clauses.joins ?? [] }
        _modify { yield &changeableClauses.joins }
    }

    var groupColumns: [String] {
        get { clausesBox?.clauses.groupColumns ?? [] }
        _modify { yield &changeableClauses.groupColumns }
    }

    var havingConditions: Conditions {
        get { clausesBox?.clauses.havingConditions ?? Conditions() }
        _modify { yield &changeableClauses.havingConditions }
    }

    var ordering: [Ordering] {
        get { clausesBox?.clauses.ordering ?? [] }
        _modify { yield &changeableClauses.ordering }
    }

    var limitCount: Int? {
        get { clausesBox?.clauses.limitCount }
        _modify { yield &changeableClauses.limitCount }
    }

    var offsetCount: Int? {
        get { clausesBox?.clauses.offsetCount }
        _modify { yield &changeableClauses.offsetCount }
    }

    var assignments: [(column: String, value: Value)] {
        get { clausesBox?.clauses.assignments ?? [] }
        _modify { yield &changeableClauses.assignments }
    }

    var conflict: ConflictClause? {
        get { clausesBox?.clauses.conflict }
        _modify { yield &changeableClauses.conflict }
    }

    /// The columns of the query's own table by the names a record query may use for them
    /// (the column's name, or its record property's): see ``SQLRenderer/ownColumns``.
    /// Nil for a plain query.
    var ownColumns: ColumnReferences? {
        get { clausesBox?.clauses.ownColumns }
        _modify { yield &changeableClauses.ownColumns }
    }

    /// Columns an update (or an upsert's update) leaves as stored when it sets them to
    /// `NULL`: `col = coalesce(?, col)`.
    var keepingStoredValueWhenNull: Set<String> {
        get { clausesBox?.clauses.keepingStoredValueWhenNull ?? [] }
        _modify { yield &changeableClauses.keepingStoredValueWhenNull }
    }
}
