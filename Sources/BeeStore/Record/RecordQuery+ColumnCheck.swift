/// The names a record query gives its columns, checked before it runs, so that a
/// misspelt column or a relation the query does not join is a ``RecordError`` naming it
/// instead of SQLite's "no such column".
extension RecordQuery {
    /// Throws for the first column, among the conditions, the grouping and the ordering,
    /// that is neither a column (or property) of the record, nor a column of a relation
    /// the query joins (`relation.column`, in `joined` by path; the record's own table,
    /// under the path "").
    func checkColumnNames(schema: RecordSchema, joined: [String: RecordSchema]) throws {
        try query.conditions.forEachColumn { try checkColumn($0, schema: schema, joined: joined) }
        for column in query.groupColumns {
            try checkColumn(column, schema: schema, joined: joined)
        }
        for case .column(let column, _) in query.ordering {
            try checkColumn(column, schema: schema, joined: joined)
        }
    }

    private func checkColumn(_ name: String, schema: RecordSchema, joined: [String: RecordSchema]) throws {
        let folded = Array(SQLRenderer.asciiLowercased(name).utf8)
        // Qualified by the table or a joined relation's path, the longest that fits, as
        // the renderer reads it: then a column of that table, by its name.
        var qualifier: (path: String, length: Int, schema: RecordSchema)?
        for (path, target) in joined {
            let prefix = Array(SQLRenderer.asciiLowercased(path.isEmpty ? schema.tableName : path).utf8) + [Self.dot]
            if folded.count > prefix.count, folded.starts(with: prefix), prefix.count > qualifier?.length ?? 0 {
                qualifier = (path, prefix.count, target)
            }
        }
        if let (path, length, target) = qualifier {
            let column = String(decoding: folded[length...], as: UTF8.self)
            guard target.columns.contains(where: { SQLRenderer.asciiLowercased($0.name) == column }) else {
                let rest = String(name.utf8.dropFirst(length)) ?? name
                if let relation = unjoinedRelation(in: rest, schema: target) {
                    throw RecordError.relationNotJoined(
                        record: schema.recordName, relation: path.isEmpty ? relation : path + "." + relation, column: name)
                }
                throw RecordError.unknownColumn(record: target.recordName, column: rest)
            }
            return
        }
        let column = String(decoding: folded, as: UTF8.self)
        if schema.columnReferences.columns[column] != nil { return }
        // A column of a joined table named alone, which SQLite finds (or calls ambiguous).
        if joined.values.contains(where: { target in
            target.columns.contains { SQLRenderer.asciiLowercased($0.name) == column }
        }) {
            return
        }
        if let relation = unjoinedRelation(in: name, schema: schema) {
            throw RecordError.relationNotJoined(record: schema.recordName, relation: relation, column: name)
        }
        throw RecordError.unknownColumn(record: schema.recordName, column: name)
    }

    /// The relation path that `name` (`folder.name`, `album.artist.Name`) begins with,
    /// when the record has that relation: the path to pass to ``joining(_:)``.
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

    private static var dot: UInt8 { UInt8(ascii: ".") }
}
