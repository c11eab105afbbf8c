import BeeStore

extension FilterOperator {
    /// `query` with the condition `column <operator> value`, built by the query builder:
    /// the column quoted as one name, the value bound.
    func apply<Q: Filterable>(to query: Q, column: String, value text: String) throws -> Q {
        let value = TypedText.value(of: text)
        let field = SQLExpression.exactColumn(column)
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
        // `like(pattern, column)` is `column LIKE pattern` without an escape character, as typed.
        case .like: query.where(.function("like", .value(text), field))
        case .notlike: query.where(!.function("like", .value(text), field))
        case .glob: query.where(field.glob(.value(text)))
        case .in: query.whereIn(column, try Self.list(text))
        case .notin: query.whereNotIn(column, try Self.list(text))
        case .arraycontains: query.where(field.jsonArrayContains(.value(value)))
        case .arraynotcontains: query.where(!field.jsonArrayContains(.value(value)))
        case .date: query.where(.function("date", field) == .value(text))
        case .isnull: query.where(column, nil)
        case .notnull: query.where(column, .notEqual, nil)
        case .isblank: query.where(field.isNull || field == .value(""))
        case .notblank: query.where(field.isNotNull && field != .value(""))
        case .typed: query.where(column, .equal, Self.typedValue(text))
        }
    }

    /// The value of a ``typed`` filter (checked when the request was read).
    static func typedValue(_ token: String) -> Value {
        (try? ValueToken.decode(token)) ?? .text(token)
    }

    /// The values of an `in` or `notin` filter: a JSON array of strings and numbers
    /// (`["a,b", 3]`), or else the text split at each comma, each part typed as a form's
    /// value is (`1,2,x`).
    static func list(_ text: String) throws -> [Value] {
        guard text.unicodeScalars.first == "[" else {
            return text.split(separator: ",", omittingEmptySubsequences: false).map { TypedText.value(of: String($0)) }
        }
        guard let values = JSONList.values(in: text) else { throw PageError.badRequest("not a JSON array: \(text)") }
        guard !values.contains(nil) else { throw PageError.badRequest("a list holds only strings and numbers: \(text)") }
        return values.compactMap { $0 }
    }
}
