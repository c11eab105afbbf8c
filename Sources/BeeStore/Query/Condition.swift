/// A comparison operator of a `where` or `having` condition.
public enum ComparisonOperator: String, Sendable {
    /// `=`
    case equal = "="
    /// `<>`
    case notEqual = "<>"
    /// `<`
    case lessThan = "<"
    /// `<=`
    case lessThanOrEqual = "<="
    /// `>`
    case greaterThan = ">"
    /// `>=`
    case greaterThanOrEqual = ">="
}

/// How a `like` condition matches its text.
public enum LikeMatch: Sendable {
    /// The text appears anywhere ({Bee}'s `LIKE`): `%text%`.
    case contains
    /// The value starts with the text: `text%`.
    case prefix
    /// The value ends with the text: `%text`.
    case suffix
    /// The text is a LIKE pattern with its own `%` and `_` wildcards, used as given.
    case pattern
}

/// A list of conditions joined by `AND` and `OR`, rendered in the order they were added
/// (so `AND` binds tighter than `OR`, as in SQL); use a group for other groupings.
public struct Conditions: Sendable {
    enum Conjunction: String, Sendable {
        case and = "AND"
        case or = "OR"
    }

    enum Condition: Sendable {
        case comparison(column: String, ComparisonOperator, Value)
        case isNull(column: String, negated: Bool)
        case inList(column: String, [Value], negated: Bool)
        /// `column IN` a list of keys bound as one parameter (the dialect's: a JSON array
        /// for `json_each` in SQLite, an array for `= ANY` in PostgreSQL): one statement,
        /// prepared once, whatever the number of values.
        case inJSONArray(column: String, [Value], negated: Bool)
        /// `(a, b) IN` the rows of a JSON array of arrays bound as one parameter, each
        /// array holding the columns' values in order.
        case inJSONRows(columns: [String], Value, negated: Bool)
        /// `column IN` (or `(a, b) IN`) the rows of a `SELECT` of as many columns.
        case inSelect(columns: [String], SQLStatement)
        case like(column: String, pattern: String, negated: Bool)
        case expression(String, ComparisonOperator, Value)
        case sql(String, [Value])
        indirect case group(Conditions)
        /// A condition written as an expression.
        case predicate(SQLExpression)
    }

    /// A condition and the conjunction joining it to the ones before.
    struct Term: Sendable {
        let conjunction: Conjunction
        let condition: Condition
    }

    // The first term is kept apart, so that a query of one condition (a lookup by key,
    // the most common) allocates no array; the others are structs, not tuples, whose
    // array the runtime would destroy through its generic code for tuples. The terms are
    // read in place (`forEachTerm`), never gathered into a new collection.
    private(set) var first: Term?
    /// The terms after the first.
    private(set) var more: [Term] = []

    /// How many conditions were added.
    var count: Int { first == nil ? 0 : 1 + more.count }

    /// Whether a condition, or one of a group, is an expression (see ``Query/rendersFreshly``).
    var hasPredicates: Bool {
        // Matched on the tag alone: binding the first term would copy its condition.
        if case .predicate? = first?.condition { return true }
        if case .group(let group)? = first?.condition, group.hasPredicates { return true }
        return !more.isEmpty && more.contains { $0.condition.isPredicate }
    }

    /// Calls `body` with each term, in the order they were added.
    func forEachTerm(_ body: (Term) throws -> Void) rethrows {
        guard let first else { return }
        try body(first)
        for term in more { try body(term) }
    }

    /// Calls `body` with each column the conditions name (groups included); conditions
    /// written as SQL text name none.
    func forEachColumn(_ body: (String) throws -> Void) rethrows {
        try forEachTerm { term in
            switch term.condition {
            case .comparison(let column, _, _), .isNull(let column, _), .inList(let column, _, _),
                .inJSONArray(let column, _, _), .like(let column, _, _):
                try body(column)
            case .inJSONRows(let columns, _, _), .inSelect(let columns, _):
                for column in columns { try body(column) }
            case .group(let conditions):
                try conditions.forEachColumn(body)
            case .expression, .sql, .predicate:
                break
            }
        }
    }

    /// The only condition, when there is exactly one.
    var soleCondition: Condition? {
        more.isEmpty ? first?.condition : nil
    }

    /// Whether no condition was added.
    public var isEmpty: Bool { first == nil }

    /// An empty list.
    public init() {}

    mutating func add(_ condition: Condition, _ conjunction: Conjunction) {
        let term = Term(conjunction: conjunction, condition: condition)
        if first == nil {
            first = term
        } else {
            more.append(term)
        }
    }
}

extension Conditions.Condition {
    /// Whether the condition is an expression, or a group holding one.
    var isPredicate: Bool {
        switch self {
        case .predicate: true
        case .group(let group): group.hasPredicates
        default: false
        }
    }
}
