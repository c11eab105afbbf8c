extension Query {
    /// Selects these columns instead of `*` ({Bee}'s `SELECT`); names are quoted, and
    /// `table.column` is qualified.
    public consuming func select(_ columns: String...) -> Query {
        select(columns: columns)
    }

    /// Selects these columns, given as a list.
    func select(columns: [String]) -> Query {
        with { $0.selection += columns.map(Selection.column) }
    }

    /// Selects an SQL expression as written, such as `"count(*) AS n"`.
    public consuming func select(sql expression: String) -> Query {
        with { $0.selection.append(.sql(expression)) }
    }

    /// Selects `MAX(column)`, named `alias` or the column's name ({Bee}'s `SELECT_MAX`).
    public consuming func selectMax(_ column: String, as alias: String? = nil) -> Query {
        with { $0.selection.append(.aggregate("MAX", column: column, alias: alias ?? column)) }
    }

    /// Selects `MIN(column)`, named `alias` or the column's name ({Bee}'s `SELECT_MIN`).
    public consuming func selectMin(_ column: String, as alias: String? = nil) -> Query {
        with { $0.selection.append(.aggregate("MIN", column: column, alias: alias ?? column)) }
    }

    /// Selects `AVG(column)`, named `alias` or the column's name ({Bee}'s `SELECT_AVG`).
    public consuming func selectAvg(_ column: String, as alias: String? = nil) -> Query {
        with { $0.selection.append(.aggregate("AVG", column: column, alias: alias ?? column)) }
    }

    /// Selects `SUM(column)`, named `alias` or the column's name ({Bee}'s `SELECT_SUM`).
    public consuming func selectSum(_ column: String, as alias: String? = nil) -> Query {
        with { $0.selection.append(.aggregate("SUM", column: column, alias: alias ?? column)) }
    }

    /// `SELECT DISTINCT` ({Bee}'s `DISTINCT`).
    public consuming func distinct() -> Query {
        with { $0.isDistinct = true }
    }

    /// `INNER JOIN table [AS alias] ON left = right`, both sides column names (a column of
    /// the joined table is qualified by its alias when it has one).
    public consuming func join(_ table: String, as alias: String? = nil, on left: String, equals right: String) -> Query {
        with { $0.joins.append(Join(kind: .inner, table: table, alias: alias, condition: .columns(left, right))) }
    }

    /// `LEFT JOIN table [AS alias] ON left = right`, both sides column names.
    public consuming func leftJoin(_ table: String, as alias: String? = nil, on left: String, equals right: String) -> Query {
        with { $0.joins.append(Join(kind: .left, table: table, alias: alias, condition: .columns(left, right))) }
    }

    /// `INNER JOIN table ON condition`, the condition written in SQL.
    public consuming func join(_ table: String, onSQL condition: String) -> Query {
        with { $0.joins.append(Join(kind: .inner, table: table, condition: .sql(condition))) }
    }

    /// `LEFT JOIN table ON condition`, the condition written in SQL.
    public consuming func leftJoin(_ table: String, onSQL condition: String) -> Query {
        with { $0.joins.append(Join(kind: .left, table: table, condition: .sql(condition))) }
    }

    /// `GROUP BY columns` ({Bee}'s `GROUP_BY`).
    public consuming func groupBy(_ columns: String...) -> Query {
        with { $0.groupColumns += columns }
    }

    /// `HAVING expression <op> value` ({Bee}'s `HAVING`); the expression is SQL, such as
    /// `"count(*)"`, and the value is bound. Needs a `groupBy`.
    public consuming func having(_ expression: String, _ comparison: ComparisonOperator = .equal, _ value: any DatabaseValueConvertible) -> Query {
        with { $0.havingConditions.add(.expression(expression, comparison, value.databaseValue), .and) }
    }

    /// `OR expression <op> value` in the `HAVING` clause ({Bee}'s `OR_HAVING`).
    public consuming func orHaving(_ expression: String, _ comparison: ComparisonOperator = .equal, _ value: any DatabaseValueConvertible) -> Query {
        with { $0.havingConditions.add(.expression(expression, comparison, value.databaseValue), .or) }
    }

    /// `ORDER BY column ASC` ({Bee}'s `ORDER_ASC_BY`).
    public consuming func orderAsc(_ column: String) -> Query {
        order(by: column, .ascending)
    }

    /// `ORDER BY column DESC` ({Bee}'s `ORDER_DESC_BY`).
    public consuming func orderDesc(_ column: String) -> Query {
        order(by: column, .descending)
    }

    /// `ORDER BY RANDOM()` ({Bee}'s `ORDER_RAND_BY`).
    public consuming func orderRandom() -> Query {
        with { $0.ordering.append(.random) }
    }

    /// `ORDER BY column direction` ({Bee}'s `ORDER_BY`); calls add further sort keys.
    public consuming func order(by column: String, _ direction: OrderDirection = .ascending) -> Query {
        with { $0.ordering.append(.column(column, direction)) }
    }

    /// `ORDER BY` an SQL expression as written, such as `"length(title) DESC"`.
    public consuming func order(sql expression: String) -> Query {
        with { $0.ordering.append(.sql(expression)) }
    }

    /// At most `count` rows ({Bee}'s `LIMIT`).
    public consuming func limit(_ count: Int) -> Query {
        with { $0.limitCount = count }
    }

    /// Skips the first `count` rows ({Bee}'s `OFFSET`).
    public consuming func offset(_ count: Int) -> Query {
        with { $0.offsetCount = count }
    }
}
