/// What BeeStore knows of a record type: its table, columns, relations, and the SQL it
/// runs, reflected once per type from its `Codable` conformance.
final class RecordSchema: @unchecked Sendable {
    enum Storage {
        /// A value converted by `DatabaseValueConvertible` (or a raw-value enum).
        case value
        /// A nested `Codable` value stored as JSON text.
        case json
        /// A belongs-to relation: the column holds the target's id.
        case belongsTo(any ActiveRecord.Type)
    }

    struct Column {
        /// The coding key's string value.
        let key: String
        /// The column name: the key, or `<key>_id` for a belongs-to relation.
        let name: String
        let type: ColumnType
        let isOptional: Bool
        let storage: Storage
    }

    struct HasMany {
        let key: String
        let target: any ActiveRecord.Type
        let linkTable: String
        let isOptional: Bool
    }

    /// The record type's identity.
    let typeID: ObjectIdentifier
    let recordName: String
    let tableName: String
    /// The primary key column's index in ``columns``.
    let primaryKeyIndex: Int
    let columns: [Column]
    let hasMany: [HasMany]
    let columnIndexByKey: [String: Int]

    /// `"t"."a", "t"."b"`: the columns in schema order, qualified by the table.
    let selectionSQL: String
    /// `SELECT "t"."a", "t"."b" FROM "t"`.
    let selectSQL: String
    /// The select of one row by primary key: `… WHERE "t"."id" = ?`.
    let findSQL: String
    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)`, every column bound.
    let insertSQL: String
    /// The insert, updating the row when the id exists.
    let upsertSQL: String
    /// `UPDATE "t" SET … WHERE "id" = ?`, every column but the id, then the id.
    let updateSQL: String

    var primaryKey: Column { columns[primaryKeyIndex] }

    /// The statements that write a record's row.
    enum RowStatement: Int, CaseIterable {
        case insert, upsert, update
    }

    /// The SQL of a row statement.
    func sql(of statement: RowStatement) -> String {
        switch statement {
        case .insert: insertSQL
        case .upsert: upsertSQL
        case .update: updateSQL
        }
    }

    /// The 1-based parameter of the column at `index` in a row statement: columns in
    /// schema order in the insert and the upsert; the id last in the update.
    @inline(__always)
    func parameter(ofColumn index: Int, in statement: RowStatement) -> Int32 {
        guard statement == .update else { return Int32(index + 1) }
        if index == primaryKeyIndex { return Int32(columns.count) }
        return Int32(index < primaryKeyIndex ? index + 1 : index)
    }

    /// Whether the record has a belongs-to or has-many relation.
    let hasRelations: Bool
    /// Each column's coding key, in order.
    let columnKeys: [String]

    init(
        typeID: ObjectIdentifier, recordName: String, tableName: String, primaryKeyIndex: Int, columns: [Column],
        hasMany: [HasMany]
    ) {
        self.typeID = typeID
        self.recordName = recordName
        self.tableName = tableName
        self.primaryKeyIndex = primaryKeyIndex
        self.columns = columns
        self.hasMany = hasMany
        self.hasRelations = !hasMany.isEmpty
            || columns.contains { if case .belongsTo = $0.storage { true } else { false } }
        self.columnKeys = columns.map(\.key)
        self.columnIndexByKey = Dictionary(columns.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        let table = SQLRenderer.quoteIdentifier(tableName)
        let names = columns.map { SQLRenderer.quoteIdentifier($0.name) }
        let primaryKeyName = names[primaryKeyIndex]
        selectionSQL = names.map { "\(table).\($0)" }.joined(separator: ", ")
        selectSQL = "SELECT \(selectionSQL) FROM \(table)"
        findSQL = "\(selectSQL) WHERE \(table).\(names[primaryKeyIndex]) = ?"
        insertSQL = "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))"
        let others = names.enumerated().filter { $0.offset != primaryKeyIndex }.map(\.element)
        upsertSQL = others.isEmpty
            ? insertSQL + " ON CONFLICT (\(primaryKeyName)) DO NOTHING"
            : insertSQL + " ON CONFLICT (\(primaryKeyName)) DO UPDATE SET "
                + others.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        updateSQL = others.isEmpty
            ? "UPDATE \(table) SET \(primaryKeyName) = \(primaryKeyName) WHERE \(primaryKeyName) = ?"
            : "UPDATE \(table) SET \(others.map { "\($0) = ?" }.joined(separator: ", ")) WHERE \(primaryKeyName) = ?"
    }

    /// The name of the link table column holding the parent's id.
    static let linkParentColumn = "parent_id"
    /// The name of the link table column holding the child's id.
    static let linkChildColumn = "child_id"
    /// The name of the link table column holding the child's position.
    static let linkPositionColumn = "position"
}

/// Finds the column of each coding key a record's coder is given: the next column when
/// keys come in schema order (they do for synthesized conformances), a lookup otherwise,
/// after which it expects the column following the one found.
struct ColumnCursor {
    private let keys: [String]
    private let indexByKey: [String: Int]
    private var next = 0
    private static let lookahead = 3

    init(_ schema: RecordSchema) {
        keys = schema.columnKeys
        indexByKey = schema.columnIndexByKey
    }

    /// Starts again at the first column, for the next record.
    mutating func reset() {
        next = 0
    }

    @inline(__always)
    mutating func index(of key: String) -> Int? {
        if next < keys.count, keys[next] == key {
            next += 1
            return next - 1
        }
        // A few columns ahead before hashing: properties left out of the coding (a nil
        // optional skipped by `encodeIfPresent`) make the keys jump a little.
        var position = next + 1
        while position < keys.count, position <= next + Self.lookahead {
            if keys[position] == key {
                next = position + 1
                return position
            }
            position += 1
        }
        guard let index = indexByKey[key] else { return nil }
        next = index + 1
        return index
    }
}

extension RecordSchema {
    private static let cache = Protected<[ObjectIdentifier: RecordSchema]>([:])

    /// The schema of `Record`, reflected on first use and then cached.
    static func of<Record: ActiveRecord>(_ type: Record.Type) throws -> RecordSchema {
        let key = ObjectIdentifier(type)
        if let schema = cache.withLock({ $0[key] }) {
            return schema
        }
        let schema = try SchemaReflector.reflect(type)
        cache.withLock { $0[key] = schema }
        return schema
    }

    /// The schema of a record type known only at run time.
    static func of(dynamic type: any ActiveRecord.Type) throws -> RecordSchema {
        func open<Record: ActiveRecord>(_ type: Record.Type) throws -> RecordSchema {
            try of(type)
        }
        return try open(type)
    }
}
