import BeeStore

extension FilterOperator {
    /// The query-builder call that applies the condition, as Swift source.
    func builderCall(column: String, value text: String) -> String {
        let name = SwiftLiteral.string(column)
        let column = ".column(\(name))"
        let value = TypedText.swiftLiteral(of: text)
        let pattern = SwiftLiteral.string(text)
        let list = { "[" + ((try? Self.list(text)) ?? []).map(SwiftLiteral.value).joined(separator: ", ") + "]" }
        return switch self {
        case .exact: ".where(\(name), .equal, \(value))"
        case .not: ".where(\(name), .notEqual, \(value))"
        case .contains: ".like(\(name), \(pattern), .contains)"
        case .startswith: ".like(\(name), \(pattern), .prefix)"
        case .endswith: ".like(\(name), \(pattern), .suffix)"
        case .gt: ".where(\(name), .greaterThan, \(value))"
        case .gte: ".where(\(name), .greaterThanOrEqual, \(value))"
        case .lt: ".where(\(name), .lessThan, \(value))"
        case .lte: ".where(\(name), .lessThanOrEqual, \(value))"
        case .like: ".where(.function(\"like\", .value(\(pattern)), \(column)))"
        case .notlike: ".where(!SQLExpression.function(\"like\", .value(\(pattern)), \(column)))"
        case .glob: ".where(\(column).glob(.value(\(pattern))))"
        case .in: ".whereIn(\(name), \(list()))"
        case .notin: ".whereNotIn(\(name), \(list()))"
        case .arraycontains: ".where(\(column).jsonArrayContains(.value(\(value))))"
        case .arraynotcontains: ".where(!SQLExpression\(column).jsonArrayContains(.value(\(value))))"
        case .date: ".where(.function(\"date\", \(column)) == .value(\(pattern)))"
        case .isnull: ".where(\(name), nil)"
        case .notnull: ".where(\(name), .notEqual, nil)"
        case .isblank: ".where(SQLExpression\(column).isNull || \(column) == .value(\"\"))"
        case .notblank: ".where(SQLExpression\(column).isNotNull && \(column) != .value(\"\"))"
        case .typed: ".where(\(name), .equal, \(SwiftLiteral.value(Self.typedValue(text))))"
        }
    }
}
