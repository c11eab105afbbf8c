/// The builder's clauses given as ``SQLExpression``s, beside {Bee}'s column-name verbs.
extension Query {
    /// `SELECT expression, …`: items of the selection, after those selected before.
    public consuming func select(_ expressions: SQLExpression...) -> Query {
        with { query in query.selection += expressions.map { .expression($0, alias: nil) } }
    }

    /// `SELECT expression AS alias`.
    public consuming func select(_ expression: SQLExpression, as alias: String) -> Query {
        with { $0.selection.append(.expression(expression, alias: alias)) }
    }

    /// `ORDER BY expression direction`; calls add further sort keys.
    public consuming func order(by expression: SQLExpression, _ direction: OrderDirection = .ascending) -> Query {
        with { $0.ordering.append(.expression(expression, direction)) }
    }

    /// `GROUP BY expression, …`, after the columns grouped by before.
    public consuming func groupBy(_ expressions: SQLExpression...) -> Query {
        with { query in query.changeClauses { $0.groupExpressions += expressions } }
    }

    /// `AND HAVING condition`; needs a `groupBy`.
    public consuming func having(_ condition: SQLExpression) -> Query {
        with { $0.havingConditions.add(.predicate(condition), .and) }
    }

    /// `OR HAVING condition`.
    public consuming func orHaving(_ condition: SQLExpression) -> Query {
        with { $0.havingConditions.add(.predicate(condition), .or) }
    }

    /// `SET column = expression` for `update()` (`price = price * 1.1`), or the column's
    /// value for `insert()`.
    public consuming func set(_ column: String, _ expression: SQLExpression) -> Query {
        with { query in query.changeClauses { $0.expressionAssignments.append((column, expression)) } }
    }

    /// `JOIN table ON condition`.
    public consuming func join(_ table: String, as alias: String? = nil, on condition: SQLExpression) -> Query {
        with { $0.joins.append(Join(kind: .inner, table: table, alias: alias, condition: .expression(condition))) }
    }

    /// `LEFT JOIN table ON condition`.
    public consuming func leftJoin(_ table: String, as alias: String? = nil, on condition: SQLExpression) -> Query {
        with { $0.joins.append(Join(kind: .left, table: table, alias: alias, condition: .expression(condition))) }
    }

    /// The same query, rendered for `dialect` instead of its database's: to see the SQL
    /// another database would run (`rendered(for: .postgreSQL).selectStatement()`).
    public consuming func rendered(for dialect: SQLDialect) -> Query {
        with { query in query.changeClauses { $0.dialect = dialect } }
    }
}

extension Filterable {
    /// `AND condition`: any boolean expression.
    ///
    /// ```swift
    /// db.from("line").where(.column("price") * .column("quantity") > 100)
    /// ```
    public consuming func `where`(_ condition: SQLExpression) -> Self {
        adding(.predicate(condition), .and)
    }

    /// `OR condition`.
    public consuming func orWhere(_ condition: SQLExpression) -> Self {
        adding(.predicate(condition), .or)
    }
}

extension Database {
    /// A select that reads no table, `SELECT expression, …` ({Bee}'s `SELECT` without
    /// `FROM`): `db.select(.function("sqlite_version"))`, or the first member of a
    /// recursive common table.
    public func select(_ expressions: SQLExpression...) -> Query {
        Query.readingNoTable(expressions, database: self)
    }
}

extension Query {
    /// `SELECT expression, …` without a table, run on `database` (none: rendered only).
    static func readingNoTable(_ expressions: [SQLExpression], database: Database? = nil) -> Query {
        var query = Query(database: database, table: "")
        query.changeClauses { clauses in
            clauses.readsNoTable = true
            clauses.selection = expressions.map { .expression($0, alias: nil) }
        }
        return query
    }
}
