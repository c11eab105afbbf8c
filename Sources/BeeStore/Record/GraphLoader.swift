/// Fetches records with the relations a ``RelationInclusion`` loads, to any depth, with
/// one query per relation and level (never one per parent): rows are loaded level by
/// level into an identity map, then records are assembled from it. A record may hold
/// another copy of itself along the included paths (an album's artist's albums); one
/// that would contain itself with the same relations to load again is refused with
/// ``RecordError/relationCycle(path:)``.
struct GraphLoader {
    /// The children of one parent in one to-many relation.
    private struct ChildrenKey: Hashable {
        let parent: RecordIdentity
        let relation: String
    }

    /// A record built for a place in the graph: records at places that load the same
    /// relations are the same.
    private struct BuiltKey: Hashable {
        let row: RecordIdentity
        let subtree: Set<String>
    }

    /// A level's records of one type at one path.
    private struct Level {
        let schema: RecordSchema
        let path: String
        let keys: [Value]
    }

    let connection: Connection
    let inclusion: RelationInclusion
    private var rows: [RecordIdentity: [Value]] = [:]
    private var children: [ChildrenKey: [Value]] = [:]
    /// The rows whose relations were loaded, for each set of relations loaded: a cycle of
    /// required relations in the data stops there.
    private var expanded: [Set<String>: Set<RecordIdentity>] = [:]
    private var built: [BuiltKey: any ActiveRecord] = [:]
    /// The records being built, from the root to the current one.
    private var path: [BuiltKey] = []
    /// The schemas met so far, by record type.
    private var schemas: [ObjectIdentifier: RecordSchema] = [:]
    private var decoders: [ObjectIdentifier: RecordDecoder] = [:]

    init(connection: Connection, inclusion: RelationInclusion) {
        self.connection = connection
        self.inclusion = inclusion
    }

    /// The records selected by `statement` (whose columns are the schema's), with their relations.
    mutating func load<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, statement: SQLStatement
    ) throws -> [Record] {
        schemas[schema.typeID] = schema
        let rootRows = try fetchRows(statement, columnCount: schema.columns.count)
        let rootKeys = register(rootRows, of: schema)
        var frontier = [Level(schema: schema, path: "", keys: rootKeys)]
        while !frontier.isEmpty {
            var next: [Level] = []
            for level in frontier {
                let keys = unexpanded(level)
                guard !keys.isEmpty else { continue }
                next += try loadBelongsTo(of: level.schema, at: level.path, keys: keys)
                next += try loadToMany(of: level.schema, at: level.path, keys: keys)
            }
            frontier = next
        }
        return try rootKeys.map { key in
            try build(type, schema: schema, key: RecordIdentity(type: schema.typeID, key: key), at: "")
        }
    }

    /// The keys of a level whose relations at its path are not loaded yet.
    private mutating func unexpanded(_ level: Level) -> [Value] {
        let subtree = inclusion.subtree(below: level.path)
        var done = expanded[subtree] ?? []
        let keys = level.keys.filter { done.insert(RecordIdentity(type: level.schema.typeID, key: $0)).inserted }
        expanded[subtree] = done
        return keys
    }

    private func fetchRows(_ statement: SQLStatement, columnCount: Int) throws -> [[Value]] {
        let prepared = try connection.cachedStatement(statement.sql)
        return try prepared.run(statement.statementArguments) {
            var rows: [[Value]] = []
            while try prepared.step() {
                rows.append((0..<Int32(columnCount)).map { prepared.value(at: $0) })
            }
            return rows
        }
    }

    /// Adds rows (their columns from `offset` on) to the identity map; returns their keys, in order.
    private mutating func register(_ newRows: [[Value]], of schema: RecordSchema, offset: Int = 0) -> [Value] {
        newRows.map { row in
            let key = row[offset + schema.primaryKeyIndex]
            let identity = RecordIdentity(type: schema.typeID, key: key)
            if rows[identity] == nil {
                rows[identity] = offset == 0 ? row : Array(row[offset...])
            }
            return key
        }
    }

    private mutating func loadBelongsTo(of parent: RecordSchema, at path: String, keys: [Value]) throws -> [Level] {
        var loaded: [Level] = []
        for (index, column) in parent.columns.enumerated() {
            let relationPath = RelationInclusion.path(path, column.key)
            guard case .belongsTo(let targetType) = column.storage,
                inclusion.loads(relationPath, isOptional: column.isOptional)
            else { continue }
            let target = try schema(of: targetType)
            var wanted: [Value] = []
            var missing: [Value] = []
            var seen: Set<Value> = []
            for key in keys {
                guard let foreignKey = rows[RecordIdentity(type: parent.typeID, key: key)]?[index], !foreignKey.isNull,
                    seen.insert(foreignKey).inserted
                else { continue }
                wanted.append(foreignKey)
                if rows[RecordIdentity(type: target.typeID, key: foreignKey)] == nil { missing.append(foreignKey) }
            }
            if !missing.isEmpty {
                let statement = RelationStatements.rows(
                    of: target.tableName, selection: target.selectionSQL, whereColumn: target.primaryKey.name, in: missing)
                _ = register(try fetchRows(statement, columnCount: target.columns.count), of: target)
            }
            loaded.append(Level(schema: target, path: relationPath, keys: wanted))
        }
        return loaded
    }

    private mutating func loadToMany(of parent: RecordSchema, at path: String, keys: [Value]) throws -> [Level] {
        var loaded: [Level] = []
        for relation in parent.toMany {
            let relationPath = RelationInclusion.path(path, relation.key)
            guard inclusion.loads(relationPath, isOptional: relation.isOptional) else { continue }
            let child = try schema(of: relation.target)
            let statement: SQLStatement
            switch relation.kind {
            case .foreignKey(let declared):
                statement = RelationStatements.children(
                    of: child.tableName, selection: child.selectionSQL,
                    foreignKey: try parent.foreignKey(of: relation, declared: declared),
                    primaryKey: child.primaryKey.name, parents: keys)
            case .manyToMany(let link):
                statement = RelationStatements.linkedChildren(
                    through: link, child: child.tableName, selection: child.selectionSQL,
                    primaryKey: child.primaryKey.name, parents: keys)
            }
            let fetched = try fetchRows(statement, columnCount: 1 + child.columns.count)
            let childKeys = register(fetched, of: child, offset: 1)
            for key in keys {
                children[ChildrenKey(parent: RecordIdentity(type: parent.typeID, key: key), relation: relation.key)] = []
            }
            for (row, childKey) in zip(fetched, childKeys) {
                let parentKey = ChildrenKey(parent: RecordIdentity(type: parent.typeID, key: row[0]), relation: relation.key)
                children[parentKey, default: []].append(childKey)
            }
            loaded.append(Level(schema: child, path: relationPath, keys: childKeys))
        }
        return loaded
    }

    /// The schema of a related record type, looked up once per load.
    private mutating func schema(of type: any ActiveRecord.Type) throws -> RecordSchema {
        if let schema = schemas[ObjectIdentifier(type)] { return schema }
        let schema = try RecordSchema.of(dynamic: type)
        schemas[schema.typeID] = schema
        return schema
    }

    private mutating func build<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, key: RecordIdentity, at recordPath: String
    ) throws -> Record {
        let builtKey = BuiltKey(row: key, subtree: inclusion.subtree(below: recordPath))
        if path.contains(builtKey) {
            throw RecordError.relationCycle(
                path: (path + [builtKey]).map { "\(schemas[$0.row.type]?.tableName ?? "?")#\($0.row.key)" })
        }
        if let record = built[builtKey] as? Record {
            return record
        }
        guard let values = rows[key] else { throw RecordError.notFound(record: schema.recordName, id: key.key) }
        path.append(builtKey)
        defer { path.removeLast() }
        var relations: [String: Any] = [:]
        for (index, column) in schema.columns.enumerated() {
            let relationPath = RelationInclusion.path(recordPath, column.key)
            guard case .belongsTo(let target) = column.storage, inclusion.loads(relationPath, isOptional: column.isOptional)
            else { continue }
            let targetKey = RecordIdentity(type: ObjectIdentifier(target), key: values[index])
            if rows[targetKey] != nil {
                relations[column.key] = try buildAny(target, key: targetKey, at: relationPath)
            }
        }
        for relation in schema.toMany {
            let relationPath = RelationInclusion.path(recordPath, relation.key)
            guard inclusion.loads(relationPath, isOptional: relation.isOptional) else { continue }
            let childKeys = children[ChildrenKey(parent: key, relation: relation.key)] ?? []
            let built = try buildArray(of: relation.target, keys: childKeys, at: relationPath)
            if relation.isToOne {
                if let first = built.records.first { relations[relation.key] = first }
            } else {
                relations[relation.key] = built.array
            }
        }
        let decoder = decoder(for: schema)
        decoder.load(values: values, relations: relations)
        let record = try decoder.decode(type)
        built[builtKey] = record
        return record
    }

    private mutating func buildAny(_ type: any ActiveRecord.Type, key: RecordIdentity, at path: String) throws -> any ActiveRecord {
        try build(type, schema: schema(of: type), key: key, at: path)
    }

    /// Children as a typed array (`[Comment]`, not `[any ActiveRecord]`), so that the
    /// parent's decoder takes it without converting each element, and as records.
    private mutating func buildArray(
        of type: any ActiveRecord.Type, keys: [Value], at path: String
    ) throws -> (array: Any, records: [any ActiveRecord]) {
        func build<Child: ActiveRecord>(_ childType: Child.Type) throws -> (array: Any, records: [any ActiveRecord]) {
            let schema = try schema(of: childType)
            let typed = try keys.map {
                try self.build(childType, schema: schema, key: RecordIdentity(type: schema.typeID, key: $0), at: path)
            }
            return (typed, typed)
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
}
