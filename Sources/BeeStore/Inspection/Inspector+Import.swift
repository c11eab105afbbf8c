import Foundation

/// What ``Inspector/importRows(from:format:into:options:progress:)`` did.
public struct ImportSummary: Sendable, Hashable {
    /// The table the rows went into, as the schema spells it.
    public let table: String
    /// The number of rows inserted, or, with ``ImportConflict/replace`` and
    /// ``ImportConflict/upsert``, inserted or updated.
    public let rowCount: Int
    /// Whether the table was created for them.
    public let createdTable: Bool
    /// The number of records left out because a row had their key already: with
    /// ``ImportConflict/ignore``, or ``ImportConflict/upsert`` for a record with no
    /// column besides its key.
    public let skippedRecordCount: Int

    init(table: String, rowCount: Int, createdTable: Bool, skippedRecordCount: Int = 0) {
        self.table = table
        self.rowCount = rowCount
        self.createdTable = createdTable
        self.skippedRecordCount = skippedRecordCount
    }
}

extension Inspector {
    /// Inserts the records of a CSV or JSON file (see `CSVRecordReader` and
    /// `JSONRecordReader`) into `table`, in one transaction: a record that cannot be read
    /// or that SQLite refuses throws an ``ImportError`` naming its line, and nothing is
    /// kept.
    ///
    /// A missing table is created with the file's columns, in the order they first appear,
    /// and the primary key ``ImportOptions/key`` names; a column whose values all have
    /// one type (`NULL`s aside) is declared with it (`INTEGER`, `REAL`, `TEXT`, `BLOB`),
    /// any other without a type, so that every value keeps the type it has in the file.
    /// In an existing table, the file's columns are matched with the table's as SQLite
    /// matches names (ASCII letters in either case); a generated column's values are left
    /// to SQLite to compute, and a column the table does not have is an error, unless
    /// ``ImportOptions/addsMissingColumns`` says to add it (typed as a new table's are).
    ///
    /// A record whose key a row has already is refused, unless ``ImportOptions/onConflict``
    /// says to replace or update that row, or to leave the record out: so a file imported
    /// again adds no row twice.
    ///
    /// `progress`, when given, is called after each record with the bytes of the file
    /// read so far, out of its size.
    public func importRows(
        from data: Data, format: ImportFormat, into table: String, options: ImportOptions = ImportOptions(),
        progress: ((ProgressReport) -> Void)? = nil
    ) throws -> ImportSummary {
        let makeReader = { () throws -> any ImportRecordReader in
            switch format {
            case .csv: try CSVRecordReader(data, invalidUTF8: options.invalidUTF8)
            case .tsv: try CSVRecordReader(data, separator: UInt8(ascii: "\t"), invalidUTF8: options.invalidUTF8)
            case .json: try JSONRecordReader(data, invalidUTF8: options.invalidUTF8)
            }
        }
        return try database.write { connection in
            let existing: SchemaEntry?
            do {
                existing = try connection.tableEntry(named: table)
            } catch InspectionError.unknownTable {
                existing = nil
            }
            let name = existing?.name ?? table
            if existing == nil {
                let columns = try Self.columnsToCreate(from: makeReader())
                guard !columns.isEmpty else { throw ImportError.noColumns }
                let key = try options.key.map { column in
                    guard let match = columns.first(where: { $0.name.isSameSQLName(as: column) }) else {
                        throw InspectionError.unknownColumn(column, table: name)
                    }
                    return match.name
                }
                try connection.execute(SQLRenderer.createTable(name, columns: columns, primaryKey: key))
            } else if options.addsMissingColumns {
                let present = Set(try ColumnSchema.columns(of: name, in: connection).map { SQLName($0.name) })
                for column in try Self.columnsToCreate(from: makeReader()) where !present.contains(SQLName(column.name)) {
                    try connection.execute(SQLRenderer.addColumn(column, to: name))
                }
            }
            let tableColumns = try ColumnSchema.columns(of: name, in: connection)
            let key = try Self.conflictKey(of: name, columns: tableColumns, options: options, isNew: existing == nil, in: connection)
            var reader = try makeReader()
            var (count, skipped) = (0, 0)
            while let record = try reader.next() {
                var columns: [String] = []
                var values: [Value] = []
                for field in record.fields {
                    guard let column = tableColumns.first(where: { $0.name.isSameSQLName(as: field.column) }) else {
                        throw ImportError.badRecord(line: record.line, reason: "no such column: \(field.column) in \(name)")
                    }
                    guard !column.isGenerated else { continue }
                    columns.append(column.name)
                    values.append(field.value)
                }
                let sql = try Self.insertStatement(
                    into: name, columns: columns, key: key, options: options, tableColumns: tableColumns, line: record.line,
                    values: values)
                do {
                    try connection.execute(sql, StatementArguments(values: values))
                } catch let error as DatabaseError {
                    throw ImportError.rejected(line: record.line, message: error.message)
                }
                if connection.changes > 0 { count += 1 } else { skipped += 1 }
                progress?(ProgressReport(completedUnitCount: reader.consumedByteCount, totalUnitCount: data.count))
            }
            return ImportSummary(table: name, rowCount: count, createdTable: existing == nil, skippedRecordCount: skipped)
        }
    }

    /// The columns of a table made for a file's records, and their declared types.
    private static func columnsToCreate(from reader: any ImportRecordReader) throws -> [(name: String, type: String)] {
        var reader = reader
        var names = reader.columnNames
        var known = Set(names.map(SQLName.init))
        var types: [SQLName: Set<String>] = [:]
        while let record = try reader.next() {
            for field in record.fields {
                if known.insert(SQLName(field.column)).inserted {
                    names.append(field.column)
                }
                if !field.value.isNull {
                    types[SQLName(field.column), default: []].insert(field.value.storageClassName)
                }
            }
        }
        return names.map { name in
            let found = types[SQLName(name)] ?? []
            return (name, found.count == 1 ? (found.first ?? "").uppercased() : "")
        }
    }

    /// The key by which the records of an import match rows of `table`, as the table
    /// spells its columns: the options' key, which must be a key of an existing table,
    /// else, when conflicts are to be resolved, the table's primary key. Empty when no
    /// row is to be matched.
    private static func conflictKey(
        of table: String, columns: [ColumnSchema], options: ImportOptions, isNew: Bool, in connection: Connection
    ) throws -> [String] {
        guard !options.key.isEmpty else {
            guard options.onConflict != .fail else { return [] }
            let primaryKey = columns.filter { $0.primaryKeyPosition != nil }
                .sorted { ($0.primaryKeyPosition ?? 0) < ($1.primaryKeyPosition ?? 0) }.map(\.name)
            guard !primaryKey.isEmpty else { throw ImportError.noKey(table: table) }
            return primaryKey
        }
        let key = try options.key.map { name in
            guard let column = columns.first(where: { $0.name.isSameSQLName(as: name) }) else {
                throw InspectionError.unknownColumn(name, table: table)
            }
            return column.name
        }
        guard !isNew else { return key }
        let wanted = Set(key.map(SQLName.init))
        let primaryKey = Set(columns.filter { $0.primaryKeyPosition != nil }.map { SQLName($0.name) })
        let isKey = try primaryKey == wanted
            || IndexSchema.indexes(of: table, in: connection).contains { index in
                index.isUnique && !index.isPartial && index.keys.count == wanted.count
                    && Set(index.columns.map(SQLName.init)) == wanted
            }
        guard isKey else { throw ImportError.notAKey(columns: options.key, table: table) }
        return key
    }

    /// The statement inserting one record's `values` into `columns`: a plain insert, or,
    /// with a key, one that resolves a conflict on it as the options say. A record
    /// without a value for a key column cannot be matched, and is refused.
    private static func insertStatement(
        into table: String, columns: [String], key: [String], options: ImportOptions, tableColumns: [ColumnSchema],
        line: Int, values: [Value]
    ) throws -> String {
        guard !key.isEmpty, options.onConflict != .fail else { return SQLRenderer.insert(into: table, columns: columns) }
        for keyColumn in key {
            let index = columns.firstIndex(of: keyColumn)
            guard let index, !values[index].isNull else {
                throw ImportError.badRecord(line: line, reason: "no value for the key column \(keyColumn)")
            }
        }
        let updated: [String]
        switch options.onConflict {
        case .fail, .ignore:
            updated = []
        case .upsert:
            updated = columns.filter { !key.contains($0) }
        case .replace:
            // Every column but the key's, generated ones and primary key columns the record leaves out.
            updated = tableColumns.filter { column in
                !column.isGenerated && !key.contains(column.name)
                    && (column.primaryKeyPosition == nil || columns.contains(column.name))
            }.map(\.name)
        }
        return SQLRenderer.insert(into: table, columns: columns, onConflictOf: key, updating: updated)
    }
}
