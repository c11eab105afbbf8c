import BeeStore

/// How a table page's filter compares a column with the value typed for it, named in
/// URLs as Datasette names them (`Composer__contains=AC`).
enum FilterOperator: String, CaseIterable, Sendable {
    case exact, not, contains, startswith, endswith, gt, gte, lt, lte, isnull, notnull
    /// Equal to a value of one type, written as a ``ValueToken`` (`t42` is the text `42`,
    /// `i42` the integer): the links of facets whose values a typed text cannot tell apart.
    case typed

    /// The operators the filter form offers.
    static let offered = allCases.filter { $0 != .typed }

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
        case .typed: "is exactly"
        }
    }

    /// Whether the operator ignores the value typed for it.
    var takesNoValue: Bool {
        self == .isnull || self == .notnull
    }

    /// `query` with the condition `column <operator> value`.
    func apply<Q: Filterable>(to query: Q, column: String, value text: String) -> Q {
        let value = TypedText.value(of: text)
        return switch self {
        case .exact: query.where(column, .equal, value)
        case .not: query.where(column, .notEqual, value)
        case .contains: query.like(column, text, .contains)
        case .startswith: query.like(column, text, .prefix)
        case .endswith: query.like(column, text, .suffix)
        case .gt: query.where(column, .greaterThan, value)
        case .gte: query.where(column, .greaterThanOrEqual, value)
        case .lt: query.where(column, .lessThan, value)
        case .lte: query.where(column, .lessThanOrEqual, value)
        case .isnull: query.where(column, nil)
        case .notnull: query.where(column, .notEqual, nil)
        case .typed: query.where(column, .equal, Self.typedValue(text))
        }
    }

    /// The value of a ``typed`` filter (checked when the request was read).
    static func typedValue(_ token: String) -> Value {
        (try? ValueToken.decode(token)) ?? .text(token)
    }

    /// The query-builder call that applies the condition, as Swift source.
    func builderCall(column: String, value text: String) -> String {
        let column = SwiftLiteral.string(column)
        let value = TypedText.swiftLiteral(of: text)
        let pattern = SwiftLiteral.string(text)
        return switch self {
        case .exact: ".where(\(column), .equal, \(value))"
        case .not: ".where(\(column), .notEqual, \(value))"
        case .contains: ".like(\(column), \(pattern), .contains)"
        case .startswith: ".like(\(column), \(pattern), .prefix)"
        case .endswith: ".like(\(column), \(pattern), .suffix)"
        case .gt: ".where(\(column), .greaterThan, \(value))"
        case .gte: ".where(\(column), .greaterThanOrEqual, \(value))"
        case .lt: ".where(\(column), .lessThan, \(value))"
        case .lte: ".where(\(column), .lessThanOrEqual, \(value))"
        case .isnull: ".where(\(column), nil)"
        case .notnull: ".where(\(column), .notEqual, nil)"
        case .typed: ".where(\(column), .equal, \(SwiftLiteral.value(Self.typedValue(text))))"
        }
    }
}
