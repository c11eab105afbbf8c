/// The statements of the record layer's relations, made with the query builder (and
/// ``SQLRenderer`` for the one it cannot express): loading children, setting foreign
/// keys, and keeping join tables. Each takes a list of keys as one JSON array, so that
/// a statement is prepared once whatever the number of records.
enum RelationStatements {
    // MARK: Loading

    /// The rows of `table` (its `selection`) whose `key` column is in `keys`, in `dialect`.
    static func rows(
        of table: String, selection: String, whereColumn key: String, in keys: [Value], dialect: SQLDialect = .sqlite
    ) -> SQLStatement {
        Query(database: nil, table: table).rendered(for: dialect).select(sql: selection).where(key, inJSONArrayOf: keys)
            .renderSelect()
    }

    /// The children whose foreign key `foreignKey` is in `parents`: the foreign key first,
    /// then the child's columns, in order of parent, then of the child's `primaryKey` columns.
    static func children(
        of table: String, selection: String, foreignKey: String, primaryKey: [String], parents: [Value],
        dialect: SQLDialect = .sqlite
    ) -> SQLStatement {
        primaryKey.reduce(
            Query(database: nil, table: table).rendered(for: dialect)
                .select(qualified(table, foreignKey)).select(sql: selection)
                .where(qualified(table, foreignKey), inJSONArrayOf: parents)
                .orderAsc(qualified(table, foreignKey))
        ) { $0.orderAsc(qualified(table, $1)) }
            .renderSelect()
    }

    /// The children linked to `parents` through a join table: the parent's key first, then
    /// the child's columns, in order of parent, then of position (or the child's key).
    static func linkedChildren(
        through link: JoinTableColumns, child table: String, selection: String, primaryKey: String, parents: [Value],
        dialect: SQLDialect = .sqlite
    ) -> SQLStatement {
        let parent = qualified(link.table, link.parentColumn)
        return Query(database: nil, table: link.table).rendered(for: dialect)
            .select(parent).select(sql: selection)
            .join(table, on: qualified(table, primaryKey), equals: qualified(link.table, link.childColumn))
            .where(parent, inJSONArrayOf: parents)
            .orderAsc(parent).orderAsc(link.positionColumn.map { qualified(link.table, $0) } ?? qualified(table, primaryKey))
            .renderSelect()
    }

    // MARK: Foreign keys

    /// Points the rows of `table` whose key (in the `primaryKey` columns) is in `children` at `parent`.
    static func adopt(
        _ children: [Value], in table: String, primaryKey: [String], foreignKey: String, parent: Value,
        dialect: SQLDialect = .sqlite
    ) throws -> SQLStatement {
        try Query(database: nil, table: table).rendered(for: dialect).set(foreignKey, parent)
            .where(key: primaryKey, in: children).updateStatement()
    }

    /// The rows of `table` pointing at `parent` whose key is not in `kept`.
    static func leftOut(
        _ kept: [Value], in table: String, primaryKey: [String], foreignKey: String, parent: Value,
        dialect: SQLDialect = .sqlite
    ) -> Query {
        Query(database: nil, table: table).rendered(for: dialect).where(foreignKey, parent)
            .where(key: primaryKey, in: kept, negated: true)
    }

    // MARK: Join tables

    /// Removes the links of `parent`, all of them or those to children not in `kept`.
    static func unlink(
        _ parent: Value, in link: JoinTableColumns, keeping kept: [Value]? = nil, dialect: SQLDialect = .sqlite
    ) throws -> SQLStatement {
        var query = Query(database: nil, table: link.table).rendered(for: dialect).where(link.parentColumn, parent)
        if let kept { query = query.where(link.childColumn, inJSONArrayOf: kept, negated: true) }
        return try query.deleteStatement()
    }

    /// Links `parent` to `child` at `position` (ordered join tables).
    static func link(
        _ parent: Value, to child: Value, at position: Int, in link: JoinTableColumns, dialect: SQLDialect = .sqlite
    ) throws -> SQLStatement {
        var query = Query(database: nil, table: link.table).rendered(for: dialect)
            .set(link.parentColumn, parent).set(link.childColumn, child)
        if let positionColumn = link.positionColumn { query = query.set(positionColumn, position) }
        return try query.insertStatement()
    }

    /// Links `parent` to `child` unless they are linked already (unordered join tables,
    /// which may have no unique constraint to lean on).
    static func linkIfAbsent(
        _ parent: Value, to child: Value, in link: JoinTableColumns, dialect: SQLDialect = .sqlite
    ) -> SQLStatement {
        var renderer = SQLRenderer(scope: [link.table], dialect: dialect)
        renderer.append("INSERT INTO ")
        renderer.appendTable(link.table)
        renderer.append(" (")
        renderer.appendWrittenColumns([link.parentColumn, link.childColumn])
        renderer.append(") SELECT ")
        renderer.bind(parent)
        renderer.append(", ")
        renderer.bind(child)
        renderer.append(" WHERE NOT EXISTS (SELECT 1 FROM ")
        renderer.appendTable(link.table)
        renderer.append(" WHERE ")
        renderer.appendWrittenColumn(link.parentColumn)
        renderer.append(" = ")
        renderer.bind(parent)
        renderer.append(" AND ")
        renderer.appendWrittenColumn(link.childColumn)
        renderer.append(" = ")
        renderer.bind(child)
        renderer.append(")")
        return renderer.statement
    }

    /// `table.column`, a column the builder qualifies by its table.
    private static func qualified(_ table: String, _ column: String) -> String {
        table + "." + column
    }
}

/// The names of a join table and its columns.
struct JoinTableColumns {
    let table: String
    let parentColumn: String
    let childColumn: String
    let positionColumn: String?
}
