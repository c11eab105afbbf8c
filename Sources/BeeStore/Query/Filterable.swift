/// A builder of `WHERE` conditions: ``Query``, ``ConditionGroup``, and record queries.
///
/// Every method returns a new builder; the receiver is left unchanged.
///
/// ```swift
/// let adults = db.from("person").where("age", .greaterThanOrEqual, 18)
/// let named = adults.where { $0.like("name", "ann").orWhere("nickname", "Annie") }
/// // SELECT * FROM "person" WHERE "age" >= ? AND ("name" LIKE ? ESCAPE '\' OR "nickname" = ?)
/// ```
public protocol Filterable {
    /// The conditions built so far.
    var conditions: Conditions { get set }
}

extension Filterable {
    /// The builder with `condition` added: the receiver itself, changed in place when the
    /// caller hands it over (a chain of calls), so that the terms are not copied.
    consuming func adding(_ condition: Conditions.Condition, _ conjunction: Conditions.Conjunction) -> Self {
        conditions.add(condition, conjunction)
        return self
    }

    private static func equality(_ column: String, _ value: (any DatabaseValueConvertible)?) -> Conditions.Condition {
        let value = value?.databaseValue ?? .null
        return value.isNull ? .isNull(column: column, negated: false) : .comparison(column: column, .equal, value)
    }

    private static func comparison(
        _ column: String, _ comparison: ComparisonOperator, _ value: (any DatabaseValueConvertible)?
    ) -> Conditions.Condition {
        let value = value?.databaseValue ?? .null
        switch (comparison, value) {
        case (.equal, .null): return .isNull(column: column, negated: false)
        case (.notEqual, .null): return .isNull(column: column, negated: true)
        default: return .comparison(column: column, comparison, value)
        }
    }

    /// `AND column = value`; a `nil` value gives `column IS NULL` ({Bee}'s `WHERE`).
    public consuming func `where`(_ column: String, _ value: (any DatabaseValueConvertible)?) -> Self {
        adding(Self.equality(column, value), .and)
    }

    /// `OR column = value`; a `nil` value gives `column IS NULL` ({Bee}'s `OR_WHERE`).
    public consuming func orWhere(_ column: String, _ value: (any DatabaseValueConvertible)?) -> Self {
        adding(Self.equality(column, value), .or)
    }

    /// `AND column <op> value` ({Bee}'s `WHERE_OPERATOR`); `= nil` and `<> nil` become
    /// `IS NULL` and `IS NOT NULL`.
    public consuming func `where`(
        _ column: String, _ comparison: ComparisonOperator, _ value: (any DatabaseValueConvertible)?
    ) -> Self {
        adding(Self.comparison(column, comparison, value), .and)
    }

    /// `OR column <op> value` ({Bee}'s `OR_WHERE_OPERATOR`).
    public consuming func orWhere(
        _ column: String, _ comparison: ComparisonOperator, _ value: (any DatabaseValueConvertible)?
    ) -> Self {
        adding(Self.comparison(column, comparison, value), .or)
    }

    /// `AND column IN (values…)`; an empty list matches no row.
    public consuming func whereIn(_ column: String, _ values: [(any DatabaseValueConvertible)?]) -> Self {
        adding(.inList(column: column, values.map { $0?.databaseValue ?? .null }, negated: false), .and)
    }

    /// `OR column IN (values…)`; an empty list matches no row.
    public consuming func orWhereIn(_ column: String, _ values: [(any DatabaseValueConvertible)?]) -> Self {
        adding(.inList(column: column, values.map { $0?.databaseValue ?? .null }, negated: false), .or)
    }

    /// `AND column NOT IN (values…)`; an empty list matches every row.
    public consuming func whereNotIn(_ column: String, _ values: [(any DatabaseValueConvertible)?]) -> Self {
        adding(.inList(column: column, values.map { $0?.databaseValue ?? .null }, negated: true), .and)
    }

    /// `OR column NOT IN (values…)`; an empty list matches every row.
    public consuming func orWhereNotIn(_ column: String, _ values: [(any DatabaseValueConvertible)?]) -> Self {
        adding(.inList(column: column, values.map { $0?.databaseValue ?? .null }, negated: true), .or)
    }

    /// `AND column LIKE …`: by default the text appears anywhere in the value, its own
    /// `%` and `_` matching literally ({Bee}'s `LIKE`).
    public consuming func like(_ column: String, _ text: String, _ match: LikeMatch = .contains) -> Self {
        adding(.like(column: column, pattern: Conditions.likePattern(text, match), negated: false), .and)
    }

    /// `AND column NOT LIKE …` ({Bee}'s `NOT_LIKE`).
    public consuming func notLike(_ column: String, _ text: String, _ match: LikeMatch = .contains) -> Self {
        adding(.like(column: column, pattern: Conditions.likePattern(text, match), negated: true), .and)
    }

    /// `OR column LIKE …` ({Bee}'s `OR_LIKE`).
    public consuming func orLike(_ column: String, _ text: String, _ match: LikeMatch = .contains) -> Self {
        adding(.like(column: column, pattern: Conditions.likePattern(text, match), negated: false), .or)
    }

    /// `OR column NOT LIKE …` ({Bee}'s `OR_NOT_LIKE`).
    public consuming func orNotLike(_ column: String, _ text: String, _ match: LikeMatch = .contains) -> Self {
        adding(.like(column: column, pattern: Conditions.likePattern(text, match), negated: true), .or)
    }

    /// `AND (…)`: the conditions built by `build`, in parentheses.
    public consuming func `where`(_ build: (ConditionGroup) -> ConditionGroup) -> Self {
        let group = build(ConditionGroup()).conditions
        return group.isEmpty ? self : adding(.group(group), .and)
    }

    /// `OR (…)`: the conditions built by `build`, in parentheses.
    public consuming func orWhere(_ build: (ConditionGroup) -> ConditionGroup) -> Self {
        let group = build(ConditionGroup()).conditions
        return group.isEmpty ? self : adding(.group(group), .or)
    }

    /// `AND (sql)`: an SQL expression with its own `?` placeholders and their values.
    public consuming func `where`(sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) -> Self {
        adding(.sql(sql, arguments.map { $0?.databaseValue ?? .null }), .and)
    }

    /// `OR (sql)`: an SQL expression with its own `?` placeholders and their values.
    public consuming func orWhere(sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) -> Self {
        adding(.sql(sql, arguments.map { $0?.databaseValue ?? .null }), .or)
    }

    /// `AND column IN` (or `NOT IN`) the values, bound as one JSON array: the statement
    /// is the same whatever the number of values, so it is prepared once.
    func `where`(_ column: String, inJSONArrayOf values: [Value], negated: Bool = false) -> Self {
        adding(.inJSONArray(column: column, values, negated: negated), .and)
    }

    /// `AND` the key `columns` `IN` (or `NOT IN`) `keys`, bound as one JSON array: for one
    /// column its values; for several, the one-value forms of ``CompositeKey``s.
    func `where`(key columns: [String], in keys: [Value], negated: Bool = false) -> Self {
        guard columns.count > 1 else { return `where`(columns[0], inJSONArrayOf: keys, negated: negated) }
        var rows = "["
        for (index, key) in keys.enumerated() {
            if index > 0 { rows += "," }
            if case .text(let array) = key { rows += array } else { rows += "null" }
        }
        return adding(.inJSONRows(columns: columns, .text(rows + "]"), negated: negated), .and)
    }

    /// `AND` each of the key `columns` equal to its value in `parts`.
    func `where`(key columns: [String], equals parts: [Value]) -> Self {
        zip(columns, parts).reduce(self) { $0.where($1.0, $1.1) }
    }

    /// `AND column IN (select)` (`(a, b) IN` for several columns), the `SELECT` of as many
    /// columns rendered beforehand.
    func `where`(_ columns: [String], inSelect select: SQLStatement) -> Self {
        adding(.inSelect(columns: columns, select), .and)
    }
}

/// Conditions built inside parentheses by `where { … }` and `orWhere { … }`.
public struct ConditionGroup: Filterable, Sendable {
    /// The conditions of the group.
    public var conditions = Conditions()
}
