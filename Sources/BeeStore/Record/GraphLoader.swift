/// Fetches records with the relations a ``RelationInclusion`` loads, to any depth, with
/// one query per relation and level (never one per parent): rows are loaded level by
/// level into an identity map, then records are assembled from it. A record may hold
/// another copy of itself along the included paths (an album's artist's albums); one
/// that would contain itself with the same relations to load again is refused with
/// ``RecordError/relationCycle(path:)``.
///
/// What to load is worked out once per fetch as a ``LoadPlan``, so that the per-record
/// work looks up nothing by name.
struct GraphLoader {
    /// The children of one parent (a row of a plan node) in one to-many relation.
    private struct ChildrenKey: Hashable {
        let node: Int
        let relation: Int
        let parent: Value
    }

    /// A row built as the record of a plan node.
    private struct BuiltKey: Hashable {
        let node: Int
        let key: Value
    }

    /// A level's rows of one plan node.
    private struct Level {
        let node: Int
        let keys: [Value]
    }

    /// Where the rows come from.
    private let source: Source
    let inclusion: RelationInclusion
    private var plan = LoadPlan()
    private var rows: [RecordIdentity: [Value]] = [:]
    private var children: [ChildrenKey: [Value]] = [:]
    /// The rows of each plan node whose relations were loaded: a circle in the data
    /// stops there.
    private var expanded: [Set<Value>] = []
    private var built: [BuiltKey: any ActiveRecord] = [:]
    /// The records of to-many relations whose children load nothing further, decoded as
    /// their rows are stepped: by plan node, then as the node's `toMany`.
    private var leafChildren: [[LeafChildren]] = []
    /// The records being built, outermost first.
    private var path: [BuiltKey] = []
    /// The decoder of each plan node's records, made on first use.
    private var decoders: [RecordDecoder?] = []

    init(connection: Connection, inclusion: RelationInclusion) {
        self.source = .sqlite(connection)
        self.inclusion = inclusion
    }

    /// A loader reading the rows of another database (PostgreSQL) from `source`.
    init(source: any RecordRowSource, inclusion: RelationInclusion) {
        self.source = .server(source)
        self.inclusion = inclusion
    }

    /// A SQLite connection, whose statements are prepared once and whose leaf children
    /// are decoded as they are stepped, or another database's rows.
    private enum Source {
        case sqlite(Connection)
        case server(any RecordRowSource)

        var dialect: SQLDialect {
            switch self {
            case .sqlite: .sqlite
            case .server(let source): source.dialect
            }
        }
    }

    /// The records selected by `statement` (whose columns are the schema's), with their relations.
    mutating func load<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, statement: SQLStatement
    ) throws -> [Record] {
        try load(type, schema: schema, rows: fetchRows(statement, columnCount: schema.columns.count))
    }

    /// The records of `rootRows` (each the schema's columns, in order), with their relations.
    mutating func load<Record: ActiveRecord>(
        _ type: Record.Type, schema: RecordSchema, rows rootRows: [[Value]]
    ) throws -> [Record] {
        let root = try plan.node(for: type, at: "", inclusion: inclusion)
        expanded = Array(repeating: [], count: plan.nodes.count)
        leafChildren = plan.nodes.map { Array(repeating: LeafChildren(), count: $0.toMany.count) }
        decoders = Array(repeating: nil, count: plan.nodes.count)
        let rootKeys = register(rootRows, of: schema)
        var frontier = [Level(node: root, keys: rootKeys)]
        while !frontier.isEmpty {
            var next: [Level] = []
            for level in frontier {
                expanded[level.node].reserveCapacity(expanded[level.node].count + level.keys.count)
                let keys = level.keys.filter { expanded[level.node].insert($0).inserted }
                guard !keys.isEmpty else { continue }
                next += try loadBelongsTo(of: level.node, keys: keys)
                next += try loadToMany(of: level.node, keys: keys)
            }
            frontier = next
        }
        // One keyed container serves every record of the root's node.
        return try decoder(for: root).keepingContainer {
            guard plan.isReached(root) else {
                // No relation leads back to the root's node, so none of its records is looked
                // up again: each is built once, from its own row.
                var records: [Record] = []
                records.reserveCapacity(rootRows.count)
                for row in rootRows.indices {
                    records.append(try assemble(type, node: root, key: rootKeys[row], values: rootRows[row]))
                }
                return records
            }
            return try rootKeys.map { key in try build(type, node: root, key: key) }
        }
    }

    private func fetchRows(_ statement: SQLStatement, columnCount: Int) throws -> [[Value]] {
        let connection: Connection
        switch source {
        case .sqlite(let sqlite): connection = sqlite
        case .server(let server): return try server.rows(of: statement)
        }
        let prepared = try connection.cachedStatement(statement.sql)
        return try prepared.run(statement.statementArguments) {
            var rows: [[Value]] = []
            while try prepared.step() {
                rows.append(Self.values(of: prepared, columnCount: columnCount))
            }
            return rows
        }
    }

    /// The first `columnCount` values of the statement's current row.
    static func values(of statement: Statement, columnCount: Int) -> [Value] {
        (0..<Int32(columnCount)).map { statement.value(at: $0) }
    }

    /// Adds rows (their columns from `offset` on) to the identity map; returns their keys, in order.
    private mutating func register(_ newRows: [[Value]], of schema: RecordSchema, offset: Int = 0) -> [Value] {
        rows.reserveCapacity(rows.count + newRows.count)
        return newRows.map { row in
            let key = schema.key(ofRow: row, offset: offset)
            let identity = RecordIdentity(type: schema.typeID, key: key)
            if rows[identity] == nil {
                rows[identity] = offset == 0 ? row : Array(row[offset...])
            }
            return key
        }
    }

    private mutating func loadBelongsTo(of node: Int, keys: [Value]) throws -> [Level] {
        let parent = plan.nodes[node].schema
        var loaded: [Level] = []
        for (index, targetNode) in plan.nodes[node].belongsTo {
            let target = plan.nodes[targetNode].schema
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
                    of: target.tableName, selection: target.selectionSQL, whereColumn: target.primaryKey.name, in: missing,
                    dialect: source.dialect)
                _ = register(try fetchRows(statement, columnCount: target.columns.count), of: target)
            }
            loaded.append(Level(node: targetNode, keys: wanted))
        }
        return loaded
    }

    private mutating func loadToMany(of node: Int, keys: [Value]) throws -> [Level] {
        let parent = plan.nodes[node].schema
        var loaded: [Level] = []
        for (position, (relationIndex, childNode)) in plan.nodes[node].toMany.enumerated() {
            let relation = parent.toMany[relationIndex]
            let child = plan.nodes[childNode].schema
            let statement: SQLStatement
            switch relation.kind {
            case .foreignKey(let declared):
                statement = RelationStatements.children(
                    of: child.tableName, selection: child.selectionSQL,
                    foreignKey: try parent.foreignKey(of: relation, declared: declared),
                    primaryKey: child.primaryKeyNames, parents: keys, dialect: source.dialect)
            case .manyToMany(let link):
                statement = RelationStatements.linkedChildren(
                    through: link, child: child.tableName, selection: child.selectionSQL,
                    primaryKey: child.primaryKey.name, parents: keys, dialect: source.dialect)
            }
            let planned = plan.nodes[childNode]
            if !planned.loadsRelations, case .sqlite(let connection) = source {
                try leafChildren[node][position].decode(
                    planned.type, schema: child, isToOne: relation.isToOne, parentCount: keys.count,
                    statement: connection.cachedStatement(statement.sql), arguments: statement.statementArguments)
                continue
            }
            let fetched = try fetchRows(statement, columnCount: 1 + child.columns.count)
            let childKeys = register(fetched, of: child, offset: 1)
            for key in keys {
                children[ChildrenKey(node: node, relation: relationIndex, parent: key)] = []
            }
            for (row, childKey) in zip(fetched, childKeys) {
                children[ChildrenKey(node: node, relation: relationIndex, parent: row[0]), default: []].append(childKey)
            }
            loaded.append(Level(node: childNode, keys: childKeys))
        }
        return loaded
    }

    private mutating func build<Record: ActiveRecord>(_ type: Record.Type, node: Int, key: Value) throws -> Record {
        let builtKey = BuiltKey(node: node, key: key)
        // The same row loading the same relations again: only required relations lead
        // there, and the record would contain itself.
        if path.contains(builtKey) {
            throw RecordError.relationCycle(
                path: (path + [builtKey]).map { "\(plan.nodes[$0.node].schema.tableName)#\($0.key)" })
        }
        if let record = built[builtKey], let typed = record as? Record {
            return typed
        }
        let schema = plan.nodes[node].schema
        guard let values = rows[RecordIdentity(type: schema.typeID, key: key)] else {
            throw RecordError.notFound(record: schema.recordName, id: key)
        }
        path.append(builtKey)
        defer { path.removeLast() }
        let record = try assemble(type, node: node, key: key, values: values)
        built[builtKey] = record
        return record
    }

    /// The record of `values`, the row of the node's record whose key is `key`, with its
    /// loaded relations.
    private mutating func assemble<Record: ActiveRecord>(
        _ type: Record.Type, node: Int, key: Value, values: [Value]
    ) throws -> Record {
        let planned = plan.nodes[node]
        let schema = planned.schema
        var relations: [RecordDecoder.LoadedRelation] = []
        relations.reserveCapacity(planned.belongsTo.count + planned.toMany.count)
        for (index, targetNode) in planned.belongsTo where !values[index].isNull {
            let target = plan.nodes[targetNode]
            if rows[RecordIdentity(type: target.schema.typeID, key: values[index])] != nil {
                let record = try buildAny(target.type, node: targetNode, key: values[index])
                relations.append(.init(key: schema.columns[index].key, value: record))
            }
        }
        for (position, (relationIndex, childNode)) in planned.toMany.enumerated() {
            if !plan.nodes[childNode].loadsRelations, case .sqlite = source {
                if let children = leafChildren[node][position].children(of: key) {
                    relations.append(.init(key: schema.toMany[relationIndex].key, value: children))
                }
                continue
            }
            let relation = schema.toMany[relationIndex]
            let childKeys = children[ChildrenKey(node: node, relation: relationIndex, parent: key)] ?? []
            let built = try buildArray(of: relation.target, keys: childKeys, node: childNode)
            if relation.isToOne {
                if let first = built.records.first { relations.append(.init(key: relation.key, value: first)) }
            } else {
                relations.append(.init(key: relation.key, value: built.array))
            }
        }
        let decoder = decoder(for: node)
        decoder.load(values: values, relations: relations)
        return try decoder.decode(type)
    }

    private mutating func buildAny(_ type: any ActiveRecord.Type, node: Int, key: Value) throws -> any ActiveRecord {
        try build(type, node: node, key: key)
    }

    /// Children as a typed array (`[Comment]`, not `[any ActiveRecord]`), so that the
    /// parent's decoder takes it without converting each element, and as records.
    private mutating func buildArray(
        of type: any ActiveRecord.Type, keys: [Value], node: Int
    ) throws -> (array: Any, records: [any ActiveRecord]) {
        func build<Child: ActiveRecord>(_ childType: Child.Type) throws -> (array: Any, records: [any ActiveRecord]) {
            let typed = try keys.map { try self.build(childType, node: node, key: $0) }
            return (typed, typed)
        }
        return try build(type)
    }

    /// One decoder per plan node, reused for all its records: a record's relations are
    /// built before it is decoded, so a decoder is never in use twice at once.
    private mutating func decoder(for node: Int) -> RecordDecoder {
        if let decoder = decoders[node] { return decoder }
        let decoder = RecordDecoder(schema: plan.nodes[node].schema)
        decoders[node] = decoder
        return decoder
    }
}

/// The relations a fetch loads, as a graph of nodes: one per record type and set of
/// included relations below it, each naming the nodes its loaded relations lead to.
struct LoadPlan {
    struct Node {
        let type: any ActiveRecord.Type
        let schema: RecordSchema
        /// Loaded belongs-to relations: the column's index and the target's node.
        var belongsTo: [(column: Int, node: Int)] = []
        /// Loaded to-many relations: the relation's index and the children's node.
        var toMany: [(relation: Int, node: Int)] = []

        /// Whether the node's records load relations of their own.
        var loadsRelations: Bool { !belongsTo.isEmpty || !toMany.isEmpty }
    }

    private struct NodeKey: Hashable {
        let type: ObjectIdentifier
        let subtree: Set<String>
    }

    private(set) var nodes: [Node] = []
    private var indexByKey: [NodeKey: Int] = [:]

    /// Whether a loaded relation leads to `node`.
    func isReached(_ node: Int) -> Bool {
        nodes.contains { planned in
            planned.belongsTo.contains { $0.node == node } || planned.toMany.contains { $0.node == node }
        }
    }

    /// The node of `schema` at `path`, planned with the nodes below it.
    mutating func node(for type: any ActiveRecord.Type, at path: String, inclusion: RelationInclusion) throws -> Int {
        let schema = try RecordSchema.of(dynamic: type)
        let key = NodeKey(type: schema.typeID, subtree: inclusion.subtree(below: path))
        if let index = indexByKey[key] { return index }
        let index = nodes.count
        nodes.append(Node(type: type, schema: schema))
        indexByKey[key] = index
        for (column, field) in schema.columns.enumerated() {
            let relationPath = RelationInclusion.path(path, field.key)
            guard case .belongsTo(let target) = field.storage, inclusion.loads(relationPath, isOptional: field.isOptional)
            else { continue }
            let targetNode = try node(for: target, at: relationPath, inclusion: inclusion)
            nodes[index].belongsTo.append((column, targetNode))
        }
        for (relationIndex, relation) in schema.toMany.enumerated() {
            let relationPath = RelationInclusion.path(path, relation.key)
            guard inclusion.loads(relationPath, isOptional: relation.isOptional) else { continue }
            let childNode = try node(for: relation.target, at: relationPath, inclusion: inclusion)
            nodes[index].toMany.append((relationIndex, childNode))
        }
        return index
    }
}
