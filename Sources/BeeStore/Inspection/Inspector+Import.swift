import Foundation

/// What ``Inspector/importRows(from:format:into:)`` did.
public struct ImportSummary: Sendable, Hashable {
    /// The table the rows went into, as the schema spells it.
    public let table: String
    /// The number of rows inserted.
    public let rowCount: Int
    /// Whether the table was created for them.
    public let createdTable: Bool
}

extension Inspector {
    /// Inserts the records of a CSV or JSON file (see `CSVRecordReader` and
    /// `JSONRecordReader`) into `table`, in one transaction: a record that cannot be read
    /// or that SQLite refuses throws an ``ImportError`` naming its line, and nothing is
    /// kept.
    ///
    /// A missing table is created with the file's columns, in the order they first appear;
    /// a column whose values all have one type (`NULL`s aside) is declared with it
    /// (`INTEGER`, `REAL`, `TEXT`, `BLOB`), any other without a type, so that every value
    /// keeps the type it has in the file. In an existing table, the file's columns are
    /// matched with the table's as SQLite matches names (ASCII letters in either case); a
    /// generated column's values are left to SQLite to compute, and a column the table
    /// does not have is an error.
    public func importRows(from data: Data, format: ImportFormat, into table: String) throws -> ImportSummary {
        let makeReader = { () throws -> any ImportRecordReader in
            switch format {
            case .csv: try CSVRecordReader(data)
            case .json: try JSONRecordReader(data)
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
                try connection.execute(SQLRenderer.createTable(name, columns: columns))
            }
            let tableColumns = try connection.fetchAll(
                "SELECT name, hidden FROM pragma_table_xinfo(?) WHERE hidden <> 1 ORDER BY cid", [name]
            ).map { (name: try $0.decode(String.self, at: 0), isGenerated: try $0.decode(Int.self, at: 1) > 1) }
            var reader = try makeReader()
            var count = 0
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
                do {
                    try connection.execute(SQLRenderer.insert(into: name, columns: columns), StatementArguments(values: values))
                } catch let error as DatabaseError {
                    throw ImportError.rejected(line: record.line, message: error.message)
                }
                count += 1
            }
            return ImportSummary(table: name, rowCount: count, createdTable: existing == nil)
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
}
