extension SQLExpression {
    /// Renders the expression into `renderer`, in its dialect.
    func render(into renderer: inout SQLRenderer) {
        node.render(into: &renderer)
    }

    /// The expression as SQLite text with its values written as literals, for the places
    /// that take SQL text rather than a statement (a table rebuild's column values).
    var sqliteText: String {
        var renderer = SQLRenderer()
        renderer.writesLiterals = true
        render(into: &renderer)
        return renderer.sql
    }
}

extension SQLExpression.Node {
    func render(into renderer: inout SQLRenderer) {
        switch self {
        case .column(let name):
            renderer.appendColumn(name)
        case .exactColumn(let name):
            renderer.appendIdentifier(name)
        case .qualifiedColumn(let table, let column):
            renderer.appendIdentifier(table)
            renderer.append(".")
            renderer.appendIdentifier(column)
        case .value(let value):
            renderer.bind(value)
        case .all:
            renderer.append("*")
        case .prefix(let op, let operand):
            renderer.append("(\(op) ")
            operand.render(into: &renderer)
            renderer.append(")")
        case .infix(let left, let op, let right):
            renderer.append("(")
            left.render(into: &renderer)
            renderer.appendSpaced(op)
            right.render(into: &renderer)
            renderer.append(")")
        case .postfix(let operand, let op):
            renderer.append("(")
            operand.render(into: &renderer)
            renderer.append(" \(op))")
        case .between(let operand, let low, let high, let negated):
            renderer.append("(")
            operand.render(into: &renderer)
            renderer.append(negated ? " NOT BETWEEN " : " BETWEEN ")
            low.render(into: &renderer)
            renderer.append(" AND ")
            high.render(into: &renderer)
            renderer.append(")")
        case .inList(let operand, let list, let negated):
            renderer.append("(")
            operand.render(into: &renderer)
            renderer.append(negated ? " NOT IN (" : " IN (")
            render(list, into: &renderer)
            renderer.append("))")
        case .inQuery(let operand, let query, let negated):
            renderer.append("(")
            operand.render(into: &renderer)
            renderer.append(negated ? " NOT IN (" : " IN (")
            query.renderSubquery(into: &renderer)
            renderer.append("))")
        case .exists(let query, let negated):
            renderer.append(negated ? "(NOT EXISTS (" : "(EXISTS (")
            query.renderSubquery(into: &renderer)
            renderer.append("))")
        case .subquery(let query):
            renderer.append("(")
            query.renderSubquery(into: &renderer)
            renderer.append(")")
        case .function(let name, let arguments, let distinct):
            renderer.appendFunctionName(name)
            renderer.append(distinct ? "(DISTINCT " : "(")
            render(arguments, into: &renderer)
            renderer.append(")")
        case .caseWhen(let subject, let branches, let otherwise):
            renderer.append("CASE")
            if let subject {
                renderer.append(" ")
                subject.render(into: &renderer)
            }
            for branch in branches {
                renderer.append(" WHEN ")
                branch.condition.render(into: &renderer)
                renderer.append(" THEN ")
                branch.result.render(into: &renderer)
            }
            if let otherwise {
                renderer.append(" ELSE ")
                otherwise.render(into: &renderer)
            }
            renderer.append(" END")
        case .cast(let operand, let type):
            renderer.append("CAST(")
            operand.render(into: &renderer)
            renderer.append(" AS ")
            renderer.appendTypeName(type)
            renderer.append(")")
        case .window(let function, let partition, let order):
            function.render(into: &renderer)
            renderer.append(" OVER (")
            if !partition.isEmpty {
                renderer.append("PARTITION BY ")
                render(partition, into: &renderer)
            }
            if !order.isEmpty {
                renderer.append(partition.isEmpty ? "ORDER BY " : " ORDER BY ")
                for (index, term) in order.enumerated() {
                    if index > 0 { renderer.append(", ") }
                    term.expression.render(into: &renderer)
                    renderer.append(term.direction == .ascending ? " ASC" : " DESC")
                }
            }
            renderer.append(")")
        case .jsonPath(let document, let path, let asText):
            renderer.appendJSONPath(path, asText: asText) { document.render(into: &$0) }
        case .like(let operand, let pattern, let negated):
            renderer.append("(")
            operand.render(into: &renderer)
            renderer.appendLikeOperator(negated: negated)
            pattern.render(into: &renderer)
            renderer.append(" ESCAPE '\\')")
        case .glob(let operand, let pattern, let negated):
            renderer.append("(")
            operand.render(into: &renderer)
            renderer.append(negated ? " NOT GLOB " : " GLOB ")
            pattern.render(into: &renderer)
            renderer.append(")")
        case .jsonArrayContains(let array, let element):
            renderer.appendJSONArrayContains(array: { array.render(into: &$0) }, element: { element.render(into: &$0) })
        case .collate(let operand, let collation):
            renderer.append("(")
            operand.render(into: &renderer)
            renderer.append(" COLLATE ")
            renderer.appendIdentifier(collation)
            renderer.append(")")
        case .relationAggregate:
            // Only a record query knows the relation: statements refuse it before they
            // render (``Query/refuseRelationAggregates()``); the text shows `NULL`.
            renderer.append("NULL")
        }
    }

    private func render(_ list: [SQLExpression.Node], into renderer: inout SQLRenderer) {
        for (index, item) in list.enumerated() {
            if index > 0 { renderer.append(", ") }
            item.render(into: &renderer)
        }
    }
}

extension SQLRenderer {
    /// A function's name: as it is when made of ASCII letters, digits and `_` (not first
    /// a digit), quoted otherwise.
    mutating func appendFunctionName(_ name: String) {
        let isPlain = !name.isEmpty && name.utf8.first.map { !(0x30...0x39).contains($0) } == true
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
            }
        if isPlain { append(name) } else { appendIdentifier(name) }
    }

    /// The `LIMIT` of a statement with an `OFFSET` and no limit: ` LIMIT -1` in SQLite,
    /// ` LIMIT ALL` in PostgreSQL.
    mutating func appendUnlimited() {
        append(dialect.kind == .sqlite ? " LIMIT -1" : " LIMIT ALL")
    }

    /// ` LIKE ` (` NOT LIKE `), matching ASCII letters without case as SQLite's does:
    /// ` ILIKE ` in PostgreSQL.
    mutating func appendLikeOperator(negated: Bool) {
        switch dialect.kind {
        case .sqlite: append(negated ? " NOT LIKE " : " LIKE ")
        case .postgreSQL: append(negated ? " NOT ILIKE " : " ILIKE ")
        }
    }

    /// The dialect's name of a column type.
    mutating func appendTypeName(_ type: ColumnType) {
        switch (dialect.kind, type) {
        case (.postgreSQL, .integer): append("BIGINT")
        case (.postgreSQL, .real): append("DOUBLE PRECISION")
        case (.postgreSQL, .blob): append("BYTEA")
        default: append(type.rawValue)
        }
    }

    /// The value at the JSON `path` (`$.a[0]`, bound) of the document `render` writes:
    /// `json_extract` in SQLite (`->>` for text from 3.38 on), the SQL/JSON path
    /// functions in PostgreSQL.
    mutating func appendJSONPath(_ path: String, asText: Bool, _ render: (inout SQLRenderer) -> Void) {
        switch dialect.kind {
        case .sqlite:
            if asText, SQLDialect.sqliteHasJSONArrows {
                append("(")
                render(&self)
                append(" ->> ")
                bind(.text(path))
                append(")")
            } else {
                append("json_extract(")
                render(&self)
                append(", ")
                bind(.text(path))
                append(")")
            }
        case .postgreSQL:
            append(asText ? "(jsonb_path_query_first(CAST(" : "jsonb_path_query_first(CAST(")
            render(&self)
            append(" AS JSONB), CAST(")
            bind(.text(path))
            append(asText ? " AS JSONPATH)) #>> '{}')" : " AS JSONPATH))")
        }
    }
}

extension SQLRenderer {
    /// Whether the JSON array `array` renders holds what `element` renders: in SQLite,
    /// `element IN` the values `json_each` reads from it; in PostgreSQL, `element`'s text
    /// among the texts of the `jsonb` array's elements.
    mutating func appendJSONArrayContains(array: (inout SQLRenderer) -> Void, element: (inout SQLRenderer) -> Void) {
        append("(")
        switch dialect.kind {
        case .sqlite:
            element(&self)
            append(" IN (SELECT value FROM json_each(")
            array(&self)
            append(")))")
        case .postgreSQL:
            append("CAST(")
            element(&self)
            append(" AS TEXT) IN (SELECT jsonb_array_elements_text(CAST(")
            array(&self)
            append(" AS JSONB))))")
        }
    }
}
