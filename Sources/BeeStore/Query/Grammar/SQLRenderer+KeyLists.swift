/// "Key in a list" with the whole list bound as one parameter, so that a statement is
/// prepared once whatever the number of keys: a JSON array read by `json_each` in SQLite,
/// an array compared with `= ANY` in PostgreSQL.
extension SQLRenderer {
    /// `column IN (keys)`, or `NOT IN`.
    mutating func appendKeyList(column: String, _ keys: [Value], negated: Bool) {
        appendColumn(column)
        switch dialect.kind {
        case .sqlite:
            append(negated ? " NOT IN (SELECT value FROM json_each(" : " IN (SELECT value FROM json_each(")
            bind(.text(JSONArray.text(of: keys)))
            append("))")
        case .postgreSQL:
            // The array's text form, sent without a type so that the server reads it as an
            // array of the column's type.
            append(negated ? " <> ALL(" : " = ANY(")
            bind(.text(PostgreSQLArray.text(of: keys)))
            append(")")
        }
    }

    /// `(a, b) IN` the rows of `rows`, a JSON array of arrays holding the columns' values
    /// in order (`NOT IN` when `negated`). In PostgreSQL the columns are compared as text
    /// with the JSON values' text: right for integer, text and UUID keys.
    mutating func appendKeyRows(columns: [String], _ rows: Value, negated: Bool) {
        append("(")
        for (index, column) in columns.enumerated() {
            if index > 0 { append(", ") }
            switch dialect.kind {
            case .sqlite: appendColumn(column)
            case .postgreSQL:
                append("CAST(")
                appendColumn(column)
                append(" AS TEXT)")
            }
        }
        append(negated ? ") NOT IN (SELECT " : ") IN (SELECT ")
        for index in columns.indices {
            if index > 0 { append(", ") }
            switch dialect.kind {
            case .sqlite: append("json_extract(value, '$[\(index)]')")
            case .postgreSQL: append("value ->> \(index)")
            }
        }
        switch dialect.kind {
        case .sqlite: append(" FROM json_each(")
        case .postgreSQL: append(" FROM jsonb_array_elements(CAST(")
        }
        bind(rows)
        append(dialect.kind == .sqlite ? "))" : " AS JSONB)))")
    }
}
