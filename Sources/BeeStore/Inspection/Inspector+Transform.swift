extension Inspector {
    /// Changes the columns of `table` as `transform` says — types, names, order, `NOT
    /// NULL`, defaults, dropped columns, added foreign keys — through ``Connection/rebuildTable(_:definition:columnValues:progress:)``:
    /// the rows keep their values (converted by the new types' affinities), and the
    /// table keeps its primary key, `UNIQUE` constraints, foreign keys, collations,
    /// `AUTOINCREMENT`, indexes and triggers, and the database its views. In one
    /// transaction: a failure (a `NULL` in a column made `NOT NULL`, an index or trigger
    /// naming a column renamed or dropped, a row whose added foreign key references no
    /// row) changes nothing.
    ///
    /// Throws an ``InspectionError`` for an unknown table or column, a
    /// ``TableTransformError`` for a change the rebuild cannot make without losing part of
    /// the table, and the rebuild's own errors. `progress`, when given, is called as the
    /// rows are copied.
    public func transformTable(
        _ table: String, _ transform: TableTransform, progress: ((ProgressReport) -> Void)? = nil
    ) throws {
        try database.writeWithoutTransaction { connection in
            let (name, body, values) = try connection.transformedBody(of: table, transform)
            try connection.rebuildTable(name, definition: body.sql, columnValues: values, progress: progress)
        }
    }
}

extension Connection {
    /// The new body of `table` and the values of its renamed columns.
    func transformedBody(
        of table: String, _ transform: TableTransform
    ) throws -> (table: String, body: TableBody, values: [String: String]) {
        let named = Array(transform.columnTypes.keys) + Array(transform.renamedColumns.keys) + transform.droppedColumns
            + transform.columnOrder + Array(transform.notNull.keys) + Array(transform.defaultValues.keys)
            + transform.addedForeignKeys.flatMap(\.columns)
        let (name, _) = try tableAndColumns(table, named)
        let addedKeys = try transform.addedForeignKeys.map { key in
            let referenced = try tableAndColumns(key.referencedTable, key.referencedColumns)
            return TableBody.ForeignKey(
                columns: try tableAndColumns(name, key.columns).columns, table: referenced.table,
                referencedColumns: referenced.columns, onUpdate: ForeignKeyAction.noAction.rawValue,
                onDelete: (key.onDelete ?? .noAction).rawValue)
        }
        let sql = try catalog.entry(named: name, types: ["table"])?.sql ?? ""
        let tokens = SQLTokens(sql)
        let columns = try ColumnSchema.columns(of: name, sql: sql, in: self)
        if tokens.tokens.indices.contains(where: { tokens.isKeyword("CHECK", at: $0) }) {
            throw TableTransformError.unsupported(table: name, feature: "CHECK constraints")
        }
        if columns.contains(where: \.isGenerated) { throw TableTransformError.unsupported(table: name, feature: "generated columns") }
        if try catalog.options(of: name) != (false, false) {
            throw TableTransformError.unsupported(table: name, feature: "the STRICT or WITHOUT ROWID option")
        }
        func value<T>(_ map: [String: T], _ column: String) -> T? {
            map.first { $0.key.isSameSQLName(as: column) }?.value
        }
        let isDropped = { (column: String) in transform.droppedColumns.contains { $0.isSameSQLName(as: column) } }
        let newName = { (column: String) in value(transform.renamedColumns, column) ?? column }
        let primaryKey = columns.filter { $0.primaryKeyPosition != nil }.sorted { $0.primaryKeyPosition! < $1.primaryKeyPosition! }
        let uniqueKeys = try IndexSchema.indexes(of: name, in: self).filter { $0.origin == .uniqueConstraint }.map(\.columns)
        for key in [primaryKey.map(\.name)] + uniqueKeys {
            if let dropped = key.first(where: isDropped) { throw TableTransformError.keyColumnDropped(column: dropped, table: name) }
        }
        var kept = columns.filter { !isDropped($0.name) }
        guard !kept.isEmpty else { throw TableTransformError.noColumnLeft(table: name) }
        let first = transform.columnOrder.compactMap { wanted in kept.first { $0.name.isSameSQLName(as: wanted) } }
        kept = first + kept.filter { column in !first.contains { $0.name == column.name } }
        let body = TableBody(
            columns: kept.map { column in
                let defaultValue = value(transform.defaultValues, column.name)
                return TableBody.Column(
                    name: newName(column.name), type: value(transform.columnTypes, column.name)?.rawValue ?? column.declaredType,
                    isNotNull: value(transform.notNull, column.name) ?? column.isNotNull,
                    defaultSQL: defaultValue.map { $0 == .null ? nil : $0.description } ?? column.defaultSQL,
                    collation: column.collation)
            },
            primaryKey: primaryKey.map { newName($0.name) },
            isAutoIncrement: tokens.tokens.indices.contains { tokens.isKeyword("AUTOINCREMENT", at: $0) },
            uniqueKeys: uniqueKeys.map { $0.map(newName) },
            foreignKeys: try catalog.foreignKeys(of: name).filter { !$0.columns.contains(where: isDropped) }.map { key in
                // A key referencing the table itself follows its renamed columns.
                let isSelf = key.referencedTable.isSameSQLName(as: name)
                return TableBody.ForeignKey(
                    columns: key.columns.map(newName), table: key.referencedTable,
                    referencedColumns: isSelf ? key.referencedColumns.map(newName) : key.referencedColumns,
                    onUpdate: key.onUpdate, onDelete: key.onDelete)
            } + addedKeys.map { key in
                // An added key names the columns as they were, as every change does.
                TableBody.ForeignKey(
                    columns: key.columns.map(newName), table: key.table, referencedColumns: key.referencedColumns,
                    onUpdate: key.onUpdate, onDelete: key.onDelete)
            })
        var values: [String: String] = [:]
        for column in kept where newName(column.name) != column.name {
            values[newName(column.name)] = column.name.quotedIdentifier
        }
        return (name, body, values)
    }
}

extension Inspector {
    /// Adds a foreign key from `columns` of `table` to `referencedColumns` of
    /// `referencedTable` (its primary key when empty), through the table rebuild as
    /// ``transformTable(_:_:progress:)`` makes it: a row whose key references no row is a
    /// ``ForeignKeyCheckError``, and nothing is changed.
    public func addForeignKey(
        from table: String, columns: [String], to referencedTable: String, columns referencedColumns: [String] = [],
        onDelete: ForeignKeyAction? = nil
    ) throws {
        var transform = TableTransform()
        transform.addedForeignKeys = [
            AddedForeignKey(
                columns: columns, referencedTable: referencedTable, referencedColumns: referencedColumns, onDelete: onDelete)
        ]
        try transformTable(table, transform)
    }
}
