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
        try importRows(byteCount: data.count, into: table, options: options, progress: progress) {
            switch format {
            case .csv: try CSVRecordReader(data, invalidUTF8: options.invalidUTF8)
            case .tsv: try CSVRecordReader(data, separator: UInt8(ascii: "\t"), invalidUTF8: options.invalidUTF8)
            case .json: try JSONRecordReader(data, invalidUTF8: options.invalidUTF8)
            }
        }
    }

    /// Imports the records of the file at `path` as ``importRows(from:format:into:options:progress:)``
    /// imports those of data. CSV and TSV are read a chunk at a time, whatever the size of
    /// the file (twice when the table is created: once to type its columns); JSON is
    /// mapped into memory.
    public func importRows(
        fromFileAt path: String, format: ImportFormat, into table: String, options: ImportOptions = ImportOptions(),
        progress: ((ProgressReport) -> Void)? = nil
    ) throws -> ImportSummary {
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        return try importRows(byteCount: size, into: table, options: options, progress: progress) {
            switch format {
            case .csv: try CSVRecordReader(fileAt: path, invalidUTF8: options.invalidUTF8)
            case .tsv: try CSVRecordReader(fileAt: path, separator: UInt8(ascii: "\t"), invalidUTF8: options.invalidUTF8)
            case .json:
                try JSONRecordReader(Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), invalidUTF8: options.invalidUTF8)
            }
        }
    }

    /// Imports the records that the readers `makeReader` makes read, from a file of
    /// `byteCount` bytes.
    private func importRows(
        byteCount: Int, into table: String, options: ImportOptions, progress: ((ProgressReport) -> Void)?,
        makeReader: () throws -> any ImportRecordReader
    ) throws -> ImportSummary {
        try database.write { connection in
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
            // The insert of the last record's columns, prepared once for the records that have them.
            var insert: PreparedInsert?
            while let record = try reader.next() {
                if insert?.fileColumns != record.columns {
                    insert = try PreparedInsert(
                        record, into: name, tableColumns: tableColumns, key: key, options: options, connection: connection)
                }
                guard let insert else { continue }
                let values = insert.takesRecordsWhole ? record.values : insert.fileIndexes.map { record.values[$0] }
                if let missing = insert.keyIndexes.first(where: { values[$0].isNull }) {
                    throw ImportError.badRecord(line: record.line, reason: "no value for the key column \(insert.columns[missing])")
                }
                do {
                    try insert.statement.execute(StatementArguments(values: values))
                } catch let error as DatabaseError {
                    throw ImportError.rejected(line: record.line, message: error.message)
                }
                if connection.changes > 0 { count += 1 } else { skipped += 1 }
                progress?(ProgressReport(completedUnitCount: reader.consumedByteCount, totalUnitCount: byteCount))
            }
            return ImportSummary(table: name, rowCount: count, createdTable: existing == nil, skippedRecordCount: skipped)
        }
    }

    /// The columns of a table made for a file's records, and their declared types.
    private static func columnsToCreate(from reader: any ImportRecordReader) throws -> [(name: String, type: String)] {
        var reader = reader
        var names = reader.columnNames
        var positions = Dictionary(names.enumerated().map { (SQLName($1), $0) }, uniquingKeysWith: { first, _ in first })
        // Each column's one type so far, or nil once it had two.
        var types = Array(repeating: String??.none, count: names.count)
        // The positions in `names` of the last record's columns, found once for the records that have them.
        var lastColumns: [String] = []
        var lastPositions: [Int] = []
        while let record = try reader.nextStorageClasses() {
            if record.columns != lastColumns {
                lastPositions = record.columns.map { column in
                    if let position = positions[SQLName(column)] { return position }
                    positions[SQLName(column)] = names.count
                    names.append(column)
                    types.append(.none)
                    return names.count - 1
                }
                lastColumns = record.columns
            }
            for (position, type) in zip(lastPositions, record.classes) {
                guard let type else { continue }
                switch types[position] {
                case .none: types[position] = .some(type)
                case .some(let found?) where found != type: types[position] = .some(nil)
                default: break
                }
            }
        }
        return zip(names, types).map { name, found in (name, (found ?? nil)?.uppercased() ?? "") }
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
}
