/// The grammar of a condition list: columns compared with bound values, `IN` lists and
/// subqueries, `LIKE` patterns, groups and expressions, joined by `AND` and `OR`.
extension Conditions {
    func render(into renderer: inout SQLRenderer) {
        var isFirst = true
        forEachTerm { term in
            if !isFirst {
                renderer.appendSpaced(term.conjunction.rawValue)
            }
            isFirst = false
            render(term.condition, into: &renderer)
        }
    }

    private func render(_ condition: Condition, into renderer: inout SQLRenderer) {
        switch condition {
        case .comparison(let column, let comparison, let value):
            renderer.appendColumn(column)
            renderer.appendSpaced(comparison.rawValue)
            renderer.bind(value)
        case .isNull(let column, let negated):
            renderer.appendColumn(column)
            renderer.append(negated ? " IS NOT NULL" : " IS NULL")
        case .inList(let column, let values, let negated):
            // SQLite accepts an empty list: `IN ()` matches nothing, `NOT IN ()` everything.
            renderer.appendColumn(column)
            renderer.append(negated ? " NOT IN (" : " IN (")
            renderer.bindList(values)
            renderer.append(")")
        case .inJSONArray(let column, let keys, let negated):
            renderer.appendKeyList(column: column, keys, negated: negated)
        case .inJSONRows(let columns, let rows, let negated):
            renderer.appendKeyRows(columns: columns, rows, negated: negated)
        case .inSelect(let columns, let select):
            if columns.count > 1 { renderer.append("(") }
            for (index, column) in columns.enumerated() {
                if index > 0 { renderer.append(", ") }
                renderer.appendColumn(column)
            }
            renderer.append(columns.count > 1 ? ") IN (" : " IN (")
            renderer.append(sql: select.sql, arguments: select.arguments)
            renderer.append(")")
        case .like(let column, let pattern, let negated):
            renderer.appendColumn(column)
            renderer.appendLikeOperator(negated: negated)
            renderer.bind(.text(pattern))
            renderer.append(" ESCAPE '\\'")
        case .expression(let expression, let comparison, let value):
            renderer.append(expression)
            renderer.appendSpaced(comparison.rawValue)
            renderer.bind(value)
        case .sql(let text, let values):
            renderer.append("(")
            renderer.append(sql: text, arguments: values)
            renderer.append(")")
        case .group(let group):
            renderer.append("(")
            group.render(into: &renderer)
            renderer.append(")")
        case .predicate(let expression):
            expression.render(into: &renderer)
        }
    }

    /// The LIKE pattern for `text`, with `%`, `_` and `\` in it escaped unless it is a pattern.
    static func likePattern(_ text: String, _ match: LikeMatch) -> String {
        guard match != .pattern else { return text }
        // Escaped scalar by scalar: a `_` followed by a combining mark is one Character
        // but still a wildcard to SQLite.
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        switch match {
        case .contains: return "%\(String(escaped))%"
        case .prefix: return "\(String(escaped))%"
        case .suffix: return "%\(String(escaped))"
        case .pattern: return text
        }
    }
}
