extension Inspector {
    /// Moves the values of `extraction`'s columns of `table` into a lookup table, as
    /// sqlite-utils' `extract` does, in one transaction: the lookup table (created when
    /// missing, with an `id INTEGER PRIMARY KEY`, the columns typed with their affinity,
    /// and a unique index on them) gets one row per distinct combination of values it
    /// lacks, and the columns are replaced, in the place of the first, by one `INTEGER`
    /// column referencing it. A row whose columns are all `NULL` references nothing.
    ///
    /// The table is changed through ``Connection/rebuildTable(_:definition:columnValues:progress:)``,
    /// as ``transformTable(_:_:progress:)`` changes it: its rows, keys, other indexes
    /// and triggers are kept, and an index or trigger naming an extracted column makes it
    /// fail. Values are compared as they are stored (type and bytes), so that no row
    /// changes: values that a lookup row could only hold approximately (`1` and `1.0` in
    /// one column) are an ``ExtractionError/inexactValues(rowCount:table:lookupTable:)``.
    /// Any failure changes nothing. `progress`, when given, is called as the rows are
    /// copied.
    @discardableResult
    public func extractColumns(
        _ extraction: ColumnExtraction, of table: String, progress: ((ProgressReport) -> Void)? = nil
    ) throws -> ExtractionSummary {
        try database.writeWithoutTransaction { connection in
            try connection.schemaChangeTransaction { try $0.extract(extraction, of: table, progress: progress) }
        }
    }
}

extension Connection {
    fileprivate func extract(
        _ extraction: ColumnExtraction, of table: String, progress: ((ProgressReport) -> Void)?
    ) throws -> ExtractionSummary {
        let (name, columns) = try tableAndColumns(table, extraction.columns)
        guard let first = columns.first, Set(columns.map(SQLName.init)).count == columns.count else {
            throw ExtractionError.badColumns(table: name)
        }
        try refuseKeyColumns(columns, of: name)
        let lookupColumns = columns.map { column in
            extraction.lookupColumnNames.first { $0.key.isSameSQLName(as: column) }?.value ?? column
        }
        let declared = try catalog.columns(of: name)
        let types = columns.map { column in declared.first { $0.name == column }?.declaredType ?? "" }
        let lookup = try lookupTable(
            extraction.lookupTable ?? columns.joined(separator: "_"), columns: Array(zip(lookupColumns, types)), of: name)
        let foreignKey = extraction.foreignKeyColumn ?? lookup.name + "_id"
        let kept = declared.map(\.name).filter { column in !columns.contains(column) }
        if let taken = kept.first(where: { $0.isSameSQLName(as: foreignKey) }) {
            throw ExtractionError.existingColumn(column: taken, table: name)
        }
        let values = zip(columns, lookupColumns).map { (SQLExpression.exactColumn($0, of: name), SQLExpression.exactColumn($1, of: lookup.name)) }
        let allNull = values.map(\.0.isNull).reduce(SQLExpression.value(true)) { $0 && $1 }
        let unreferenced = try fetchValue(Int.self, Query(database: nil, table: name).select(.countAll).where(allNull).selectStatement()) ?? 0
        // Each combination the lookup table lacks, compared as stored (`1` is not `1.0`, `a` not `A`).
        let isSame = values.map { value, lookupValue in
            lookupValue.isNotDistinct(from: value.collate("BINARY"))
                && SQLExpression.function("typeof", lookupValue) == .function("typeof", value)
        }.reduce(SQLExpression.value(true)) { $0 && $1 }
        var distinct = Query(database: nil, table: name).distinct().where(!allNull)
        for (value, _) in values { distinct = distinct.select(value.collate("BINARY")).order(by: value.collate("BINARY")) }
        if !lookup.isNew {
            distinct = distinct.where(.notExists(Query(database: nil, table: lookup.name).select(.value(1)).where(isSame)))
        }
        try execute(try Query(database: nil, table: lookup.name).insertStatement(columns: lookupColumns.map { lookup.name + "." + $0 }, from: distinct))
        let added = changes
        // The table rebuilt: the first column becomes the reference, the others go.
        var transform = TableTransform()
        transform.droppedColumns = Array(columns.dropFirst())
        transform.renamedColumns[first] = foreignKey
        transform.columnTypes[first] = .integer
        transform.notNull[first] = false
        transform.defaultValues[first] = .null
        transform.addedForeignKeys = [AddedForeignKey(columns: [first], referencedTable: lookup.name, referencedColumns: [lookup.key])]
        var (_, body, columnValues) = try transformedBody(of: name, transform)
        if let index = body.columns.firstIndex(where: { $0.name == foreignKey }) { body.columns[index].collation = nil }
        let reference = Query(database: nil, table: lookup.name).select(.exactColumn(lookup.key, of: lookup.name)).where(isSame)
        columnValues[foreignKey] = SQLExpression.subquery(reference).sqliteText
        try rebuildTable(name, definition: body.sql, columnValues: columnValues, progress: progress)
        let nullCount = try fetchValue(
            Int.self, Query(database: nil, table: name).select(.countAll).where(SQLExpression.exactColumn(foreignKey, of: name).isNull)
                .selectStatement()) ?? 0
        guard nullCount == unreferenced else {
            throw ExtractionError.inexactValues(rowCount: nullCount - unreferenced, table: name, lookupTable: lookup.name)
        }
        return ExtractionSummary(
            table: name, lookupTable: lookup.name, foreignKeyColumn: foreignKey, addedLookupRowCount: added,
            createdLookupTable: lookup.isNew)
    }

    /// Refuses columns that are part of the primary key, a `UNIQUE` constraint or a
    /// foreign key of `table`.
    private func refuseKeyColumns(_ columns: [String], of table: String) throws {
        let primaryKey = try catalog.columns(of: table).filter { $0.primaryKeyPosition != nil }.map(\.name)
        let uniqueKeys = try IndexSchema.indexes(of: table, in: self).filter { $0.origin == .uniqueConstraint }.flatMap(\.columns)
        let foreignKeys = try catalog.foreignKeys(of: table).flatMap(\.columns)
        let keys = Set((primaryKey + uniqueKeys + foreignKeys).map(SQLName.init))
        if let column = columns.first(where: { keys.contains(SQLName($0)) }) {
            throw ExtractionError.keyColumn(column: column, table: table)
        }
    }

    /// The lookup table named `name`, made when missing with an `id` key and `columns`,
    /// each typed with the affinity of its declared type, and a unique index on them;
    /// an existing one must have the columns and an `INTEGER PRIMARY KEY`.
    private func lookupTable(
        _ name: String, columns: [(name: String, declaredType: String)], of table: String
    ) throws -> (name: String, key: String, isNew: Bool) {
        let entry = try catalog.entry(named: name, types: ["table"])
        if let entry, entry.name.isSameSQLName(as: table) { throw ExtractionError.lookupIsTable(table) }
        var definition = TableDefinition(database: nil, name: entry?.name ?? name)
        let lookupName = definition.name
        guard entry != nil else {
            definition = definition.field(lookupName + ".id", .integer).primaryKey()
            for column in columns {
                definition = definition.field(lookupName + "." + column.name, Affinity(declaredType: column.declaredType).columnType)
            }
            definition = definition.index(on: columns.map { lookupName + "." + $0.name }, unique: true)
            for statement in try definition.createStatements(ifNotExists: false) { try execute(statement) }
            return (lookupName, "id", true)
        }
        let key = try catalog.columns(of: lookupName).filter { $0.primaryKeyPosition != nil }
        guard key.count == 1, let column = key.first, column.declaredType.uppercased() == "INTEGER" else {
            throw ExtractionError.noIntegerKey(table: lookupName)
        }
        let resolved = try tableAndColumns(lookupName, columns.map(\.name)).columns
        definition = definition.index(on: resolved.map { lookupName + "." + $0 }, unique: true)
        for statement in try definition.createIndexStatements(ifNotExists: true) { try execute(statement) }
        return (lookupName, column.name, false)
    }
}
