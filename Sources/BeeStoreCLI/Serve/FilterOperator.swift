import BeeStore

/// How a table page's filter compares a column with the value typed for it, named in
/// URLs as Datasette names them (`Composer__contains=AC`).
enum FilterOperator: String, CaseIterable, Sendable {
    case exact, not, contains, startswith, endswith, gt, gte, lt, lte, isnull, notnull

    /// The operator's label in the filter form.
    var label: String {
        switch self {
        case .exact: "="
        case .not: "≠"
        case .contains: "contains"
        case .startswith: "starts with"
        case .endswith: "ends with"
        case .gt: ">"
        case .gte: "≥"
        case .lt: "<"
        case .lte: "≤"
        case .isnull: "is null"
        case .notnull: "is not null"
        }
    }

    /// Whether the operator ignores the value typed for it.
    var takesNoValue: Bool {
        self == .isnull || self == .notnull
    }

    /// `query` with the condition `column <operator> value`.
    func apply<Q: Filterable>(to query: Q, column: String, value: String) -> Q {
        switch self {
        case .exact: query.where(column, .equal, value)
        case .not: query.where(column, .notEqual, value)
        case .contains: query.like(column, value, .contains)
        case .startswith: query.like(column, value, .prefix)
        case .endswith: query.like(column, value, .suffix)
        case .gt: query.where(column, .greaterThan, value)
        case .gte: query.where(column, .greaterThanOrEqual, value)
        case .lt: query.where(column, .lessThan, value)
        case .lte: query.where(column, .lessThanOrEqual, value)
        case .isnull: query.where(column, nil)
        case .notnull: query.where(column, .notEqual, nil)
        }
    }

    /// The query-builder call that applies the condition, as Swift source.
    func builderCall(column: String, value: String) -> String {
        let column = SwiftLiteral.string(column)
        let text = SwiftLiteral.string(value)
        return switch self {
        case .exact: ".where(\(column), .equal, \(text))"
        case .not: ".where(\(column), .notEqual, \(text))"
        case .contains: ".like(\(column), \(text), .contains)"
        case .startswith: ".like(\(column), \(text), .prefix)"
        case .endswith: ".like(\(column), \(text), .suffix)"
        case .gt: ".where(\(column), .greaterThan, \(text))"
        case .gte: ".where(\(column), .greaterThanOrEqual, \(text))"
        case .lt: ".where(\(column), .lessThan, \(text))"
        case .lte: ".where(\(column), .lessThanOrEqual, \(text))"
        case .isnull: ".where(\(column), nil)"
        case .notnull: ".where(\(column), .notEqual, nil)"
        }
    }
}
