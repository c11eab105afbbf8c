/// Fetches records with their relations, to any depth, with one query per relation
/// and level (never one per parent): rows are loaded level by level into an identity
/// map, then records are assembled from it. A record that would contain itself is
/// refused with ``RecordError/relationCycle(path:)``.
struct GraphLoader {
    private struct RowKey: Hashable {
        /// The record type whose table the row is in.
        let type: ObjectIdentifier
        let id: Int64
    }

    let connection: Connection
    private var rows: [RowKey: [Value]] = [:]
    private var links: [String: [Int64: [Int64]]] = [:]
    private var built: [RowKey: any ActiveRecord] = [:]
    private var path: [RowKey] = []
    /// The schemas met so far, by record type.
    private var schemas: [ObjectIdentifier: RecordSchema] = [:]
    private var decoders: [ObjectIdentifier: RecordDecoder] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    /// The records selected by `statement` (whose columns are the schema's), with their relations.
    mutating func load<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, statement: SQLStatement
    ) throws -> [Record] {
        schemas[schema.typeID] = schema
        let rootRows = try fetchRows(statement.sql, statement.statementArguments, columnCount: schema.columns.count)
        var frontier: [(RecordSchema, [Int64])] = [(schema, register(rootRows, of: schema))]
        while !frontier.isEmpty {
            var next: [(RecordSchema, [Int64])] = []
            for (parent, ids) in frontier where !ids.isEmpty {
                next += try loadBelongsTo(of: parent, ids: ids)
                next += try loadHasMany(of: parent, ids: ids)
            }
            frontier = next
        }
        return try rootRows.map { values in
            let id = try Int64(databaseValue: values[schema.primaryKeyIndex])
            return try build(type, schema: schema, key: RowKey(type: schema.typeID, id: id))
        }
    }

    private func fetchRows(_ sql: String, _ arguments: StatementArguments, columnCount: Int, skipping: Int = 0) throws -> [[Value]] {
        let statement = try connection.cachedStatement(sql)
        return try statement.run(arguments) {
            var rows: [[Value]] = []
            while try statement.step() {
                rows.append((0..<Int32(skipping + columnCount)).map { statement.value(at: $0) })
            }
            return rows
        }
    }

    /// Adds rows to the identity map; returns the ids of those not seen before.
    private mutating func register(_ newRows: [[Value]], of schema: RecordSchema, offset: Int = 0) -> [Int64] {
        var fresh: [Int64] = []
        for row in newRows {
            guard case .integer(let id) = row[offset + schema.primaryKeyIndex] else { continue }
            let key = RowKey(type: schema.typeID, id: id)
            if rows[key] == nil {
                // Only a new row is kept, without the columns before `offset`.
                rows[key] = offset == 0 ? row : Array(row[offset...])
                fresh.append(id)
            }
        }
        return fresh
    }

    private mutating func loadBelongsTo(of parent: RecordSchema, ids: [Int64]) throws -> [(RecordSchema, [Int64])] {
        var loaded: [(RecordSchema, [Int64])] = []
        for (index, column) in parent.columns.enumerated() {
            guard case .belongsTo(let targetType) = column.storage else { continue }
            let target = try RecordSchema.of(dynamic: targetType)
            var wanted: [Int64] = []
            var seen: Set<Int64> = []
            for id in ids {
                guard case .integer(let foreignKey)? = rows[RowKey(type: parent.typeID, id: id)]?[index],
                    rows[RowKey(type: target.typeID, id: foreignKey)] == nil, seen.insert(foreignKey).inserted
                else { continue }
                wanted.append(foreignKey)
            }
            guard !wanted.isEmpty else { continue }
            let sql = "\(target.selectSQL) WHERE \(target.tableName.quotedIdentifier).\(target.primaryKey.name.quotedIdentifier) "
                + "IN (SELECT value FROM json_each(?))"
            let fetched = try fetchRows(sql, [Self.jsonArray(wanted)], columnCount: target.columns.count)
            loaded.append((target, register(fetched, of: target)))
        }
        return loaded
    }

    private mutating func loadHasMany(of parent: RecordSchema, ids: [Int64]) throws -> [(RecordSchema, [Int64])] {
        var loaded: [(RecordSchema, [Int64])] = []
        for relation in parent.hasMany {
            let child = try RecordSchema.of(dynamic: relation.target)
            let link = relation.linkTable.quotedIdentifier
            let parentColumn = "\(link).\(RecordSchema.linkParentColumn.quotedIdentifier)"
            let sql = "SELECT \(parentColumn), \(child.selectionSQL) FROM \(link) JOIN \(child.tableName.quotedIdentifier) "
                + "ON \(child.tableName.quotedIdentifier).\(child.primaryKey.name.quotedIdentifier) = "
                + "\(link).\(RecordSchema.linkChildColumn.quotedIdentifier) "
                + "WHERE \(parentColumn) IN (SELECT value FROM json_each(?)) "
                + "ORDER BY \(parentColumn), \(link).\(RecordSchema.linkPositionColumn.quotedIdentifier)"
            let fetched = try fetchRows(sql, [Self.jsonArray(ids)], columnCount: child.columns.count, skipping: 1)
            var children: [Int64: [Int64]] = Dictionary(uniqueKeysWithValues: ids.map { ($0, []) })
            for row in fetched {
                guard case .integer(let parentID) = row[0], case .integer(let childID) = row[1 + child.primaryKeyIndex]
                else { continue }
                children[parentID, default: []].append(childID)
            }
            links[relation.linkTable, default: [:]].merge(children) { _, new in new }
            loaded.append((child, register(fetched, of: child, offset: 1)))
        }
        return loaded
    }

    private mutating func buildAny(_ type: any ActiveRecord.Type, key: RowKey) throws -> any ActiveRecord {
        try build(type, schema: schema(of: type), key: key)
    }

    /// The schema of a related record type, looked up once per load.
    private mutating func schema(of type: any ActiveRecord.Type) throws -> RecordSchema {
        if let schema = schemas[ObjectIdentifier(type)] { return schema }
        let schema = try RecordSchema.of(dynamic: type)
        schemas[schema.typeID] = schema
        return schema
    }

    private mutating func build<Record: ActiveRecord>(_ type: Record.Type, schema: RecordSchema, key: RowKey) throws -> Record {
        if path.contains(key) {
            throw RecordError.relationCycle(path: (path + [key]).map { "\(schemas[$0.type]?.tableName ?? "?")#\($0.id)" })
        }
        if let record = built[key] as? Record {
            return record
        }
        guard let values = rows[key] else { throw RecordError.notFound(record: schema.recordName, id: key.id) }
        path.append(key)
        defer { path.removeLast() }
        var relations: [String: Any] = [:]
        for (index, column) in schema.columns.enumerated() {
            guard case .belongsTo(let target) = column.storage, case .integer(let foreignKey) = values[index] else { continue }
            let targetKey = RowKey(type: ObjectIdentifier(target), id: foreignKey)
            if rows[targetKey] != nil {
                relations[column.key] = try buildAny(target, key: targetKey)
            }
        }
        for relation in schema.hasMany {
            let childType = ObjectIdentifier(relation.target)
            let childIDs = links[relation.linkTable]?[key.id] ?? []
            relations[relation.key] = try buildArray(of: relation.target, ids: childIDs, type: childType)
        }
        let decoder = decoder(for: schema)
        decoder.load(values: values, decoded: relations)
        let record = try decoder.decode(type)
        built[key] = record
        return record
    }

    /// Children as a typed array (`[Comment]`, not `[any ActiveRecord]`), so that the
    /// parent's decoder takes it without converting each element.
    private mutating func buildArray(of type: any ActiveRecord.Type, ids: [Int64], type typeID: ObjectIdentifier) throws -> Any {
        func build<Child: ActiveRecord>(_ childType: Child.Type) throws -> Any {
            let schema = try schema(of: childType)
            return try ids.map { try self.build(childType, schema: schema, key: RowKey(type: typeID, id: $0)) }
        }
        return try build(type)
    }

    /// One decoder per record type, reused for all its records: a record's relations are
    /// built before it is decoded, so a decoder is never in use twice at once.
    private mutating func decoder(for schema: RecordSchema) -> RecordDecoder {
        if let decoder = decoders[schema.typeID] { return decoder }
        let decoder = RecordDecoder(schema: schema)
        decoders[schema.typeID] = decoder
        return decoder
    }

    private static func jsonArray(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
