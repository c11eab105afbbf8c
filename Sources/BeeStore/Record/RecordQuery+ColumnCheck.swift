/// The names a record query gives its columns, checked before it runs, so that a
/// misspelt column or a relation the query does not join is a ``RecordError`` naming it
/// instead of SQLite's "no such column".
extension RecordQuery {
    /// Throws for the first column, among the conditions, the grouping and the ordering,
    /// that is neither a column (or property) of the record, nor a column of a relation
    /// the query joins (`relation.column`, in `joined` by path; the record's own table,
    /// under the path ""), nor a column the table has beyond those the record maps (a
    /// foreign key no property holds, `rowid`), which `database` is asked for. Without a
    /// database nothing is checked.
    func checkColumnNames(schema: RecordSchema, joined: [String: RecordSchema], on database: Database?) throws {
        guard let database else { return }
        var check = ColumnNameCheck(schema: schema, joined: joined, database: database)
        try query.conditions.forEachColumn { try check.check($0) }
        for column in query.groupColumns {
            try check.check(column)
        }
        for case .column(let column, _) in query.ordering {
            try check.check(column)
        }
    }
}

/// Checks the column names of one record query (see
/// ``RecordQuery/checkColumnNames(schema:joined:on:)``); a table's real columns are read
/// at most once, and only for a name the record types do not know.
private struct ColumnNameCheck {
    let schema: RecordSchema
    let joined: [String: RecordSchema]
    let database: Database
    /// The columns of each table read so far, ASCII-lowercased, by table.
    private var tableColumns: [String: Set<String>] = [:]

    init(schema: RecordSchema, joined: [String: RecordSchema], database: Database) {
        self.schema = schema
        self.joined = joined
        self.database = database
    }

    private static let dot = UInt8(ascii: ".")
    /// The names SQLite gives a table's row id.
    private static let rowIDNames: Set<String> = ["rowid", "oid", "_rowid_"]

    mutating func check(_ name: String) throws {
        let lowercased = SQLRenderer.asciiLowercased(name)
        // The common case first: a column or property of the record, named alone.
        if schema.columnReferences.columns[lowercased] != nil { return }
        let folded = Array(lowercased.utf8)
        // Qualified by the table, a joined relation's path or its join table (`path#link`),
        // the longest that fits, as the renderer reads it: then a column of that table.
        var qualifier: (path: String, length: Int, schema: RecordSchema?)?
        for (path, target) in joined {
            var aliases: [(String, RecordSchema?)] = [(path.isEmpty ? schema.tableName : path, target)]
            if !path.isEmpty { aliases.append((path + "#link", nil)) }
            for (prefixName, prefixSchema) in aliases {
                let prefix = Array(SQLRenderer.asciiLowercased(prefixName).utf8) + [Self.dot]
                if folded.count > prefix.count, folded.starts(with: prefix), prefix.count > qualifier?.length ?? 0 {
                    qualifier = (path, prefix.count, prefixSchema)
                }
            }
        }
        if let (path, length, target) = qualifier {
            // A join table's columns are not the record types': SQLite checks them.
            guard let target else { return }
            let column = String(decoding: folded[length...], as: UTF8.self)
            if try has(column, in: target) { return }
            let rest = String(name.utf8.dropFirst(length)) ?? name
            if let relation = unjoinedRelation(in: rest, schema: target) {
                throw RecordError.relationNotJoined(
                    record: schema.recordName, relation: path.isEmpty ? relation : path + "." + relation, column: name)
            }
            throw RecordError.unknownColumn(record: target.recordName, column: rest)
        }
        // A column of the table the record does not map, or of a joined table, named
        // alone: SQLite finds it (or calls it ambiguous).
        if try hasColumn(lowercased, table: schema.tableName) { return }
        for target in joined.values where target !== schema {
            if try has(lowercased, in: target) { return }
        }
        if let relation = unjoinedRelation(in: name, schema: schema) {
            throw RecordError.relationNotJoined(record: schema.recordName, relation: relation, column: name)
        }
        throw RecordError.unknownColumn(record: schema.recordName, column: name)
    }

    /// Whether `target`'s table has the column `column` (ASCII-lowercased): one its record
    /// maps, else one the table has beyond them.
    private mutating func has(_ column: String, in target: RecordSchema) throws -> Bool {
        if target.columns.contains(where: { SQLRenderer.asciiLowercased($0.name) == column }) { return true }
        return try hasColumn(column, table: target.tableName)
    }

    /// Whether `table` has the column `column` (ASCII-lowercased), its row id included.
    private mutating func hasColumn(_ column: String, table: String) throws -> Bool {
        if Self.rowIDNames.contains(column) { return true }
        if let known = tableColumns[table] { return known.contains(column) }
        let columns = Set(try database.read { try $0.catalog.columns(of: table) }.map {
            SQLRenderer.asciiLowercased($0.name)
        })
        tableColumns[table] = columns
        return columns.contains(column)
    }

    /// The relation path that `name` (`folder.name`, `album.artist.Name`) begins with,
    /// when `schema`'s record has that relation: the path to pass to `joining(_:)`.
    private func unjoinedRelation(in name: String, schema: RecordSchema) -> String? {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = schema
        var path: [String] = []
        for segment in segments.dropLast() {
            guard let target = current.relationTarget(forKey: segment),
                let next = try? RecordSchema.of(dynamic: target)
            else { break }
            path.append(segment)
            current = next
        }
        return path.isEmpty ? nil : path.joined(separator: ".")
    }
}
