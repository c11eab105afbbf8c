/// The insert of an import's records that have the same columns: its statement, prepared
/// once, and where each value it binds is in a record.
struct PreparedInsert {
    /// The columns of the records, as the file names them.
    let fileColumns: [String]
    /// The columns of the table the statement writes, as the table spells them.
    let columns: [String]
    /// For each written column, the index of its value in a record.
    let fileIndexes: [Int]
    /// Whether the statement takes a record's values as they are (no generated column
    /// left out).
    let takesRecordsWhole: Bool
    /// The positions in `columns` of the key's columns, which a record must give a value
    /// when conflicts are resolved (`NULL` matches no row).
    let keyIndexes: [Int]
    let statement: Statement

    /// The insert of the records with the columns of `record` into `table`: a plain
    /// insert, or, with a key, one that resolves a conflict on it as `options` say. A
    /// column the table lacks is an error naming the record's line, and so is a key column
    /// the record lacks; generated columns are left to SQLite.
    init(
        _ record: ImportRecord, into table: String, tableColumns: [ColumnSchema], key: [String], options: ImportOptions,
        connection: Connection
    ) throws {
        var columns: [String] = []
        var fileIndexes: [Int] = []
        for (index, name) in record.columns.enumerated() {
            guard let column = tableColumns.first(where: { $0.name.isSameSQLName(as: name) }) else {
                throw ImportError.badRecord(line: record.line, reason: "no such column: \(name) in \(table)")
            }
            guard !column.isGenerated else { continue }
            columns.append(column.name)
            fileIndexes.append(index)
        }
        let resolvesConflicts = !key.isEmpty && options.onConflict != .fail
        keyIndexes = try (resolvesConflicts ? key : []).map { keyColumn in
            guard let index = columns.firstIndex(of: keyColumn) else {
                throw ImportError.badRecord(line: record.line, reason: "no value for the key column \(keyColumn)")
            }
            return index
        }
        let sql: String
        switch options.onConflict {
        case _ where !resolvesConflicts:
            sql = SQLRenderer.insert(into: table, columns: columns)
        case .fail, .ignore:
            sql = SQLRenderer.insert(into: table, columns: columns, onConflictOf: key, updating: [])
        case .upsert:
            sql = SQLRenderer.insert(into: table, columns: columns, onConflictOf: key, updating: columns.filter { !key.contains($0) })
        case .replace:
            // Every column but the key's, generated ones and primary key columns the record leaves out.
            let updated = tableColumns.filter { column in
                !column.isGenerated && !key.contains(column.name)
                    && (column.primaryKeyPosition == nil || columns.contains(column.name))
            }.map(\.name)
            sql = SQLRenderer.insert(into: table, columns: columns, onConflictOf: key, updating: updated)
        }
        (self.fileColumns, self.columns, self.fileIndexes) = (record.columns, columns, fileIndexes)
        takesRecordsWhole = fileIndexes.count == record.columns.count
        statement = try connection.makeStatement(sql)
    }
}
