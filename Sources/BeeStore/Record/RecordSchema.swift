/// What BeeStore knows of a record type: its table, columns, relations, and the SQL it
/// runs, reflected once per type from its `Codable` conformance and its mapping.
final class RecordSchema: @unchecked Sendable {
    enum Storage {
        /// A value converted by `DatabaseValueConvertible` (or a raw-value enum).
        case value
        /// A nested `Codable` value stored as JSON text.
        case json
        /// A belongs-to relation: the column holds the target's key.
        case belongsTo(any ActiveRecord.Type)
    }

    struct Column {
        /// The coding key's string value.
        let key: String
        /// The column's name.
        let name: String
        let type: ColumnType
        let isOptional: Bool
        let storage: Storage
        /// Whether the property is a `Date` (or `Date?`).
        var isDate = false
        /// Whether the property is a `Decimal` (or `Decimal?`): stored as text, it also
        /// maps onto an existing column of numeric affinity (`NUMERIC(10,2)`, `DECIMAL`).
        var isDecimal = false
        /// The type a server database gives the column when BeeStore creates it.
        var nativeType: NativeColumnType?
    }

    /// A relation kept outside this table's row: has-many, has-one or many-to-many.
    struct ToMany {
        enum Kind {
            /// The children's table has a foreign key to this one (the declared column,
            /// or one found by convention: see ``RecordSchema/foreignKey(of:)``).
            case foreignKey(declared: String?)
            /// Links in a join table.
            case manyToMany(JoinTableColumns)
        }

        let key: String
        let target: any ActiveRecord.Type
        let kind: Kind
        /// A has-one relation: one child at most, held by a record-typed property.
        let isToOne: Bool
        let isOptional: Bool
        let deleteRule: DeleteRule
    }

    /// The record type's identity.
    let typeID: ObjectIdentifier
    /// The record type, when it reads its own columns (see ``ColumnCodableRecord``) and
    /// its properties are its stored properties (the mapping declares none of its own).
    let columnCodableType: (any ColumnCodableRecord.Type)?
    let recordName: String
    let tableName: String
    /// Whether the mapping names the table: BeeStore never alters it.
    let isMapped: Bool
    /// The primary key columns' indexes in ``columns``: one, or several for a composite key.
    let primaryKeyIndexes: [Int]
    /// The index of the first (for most records the only) primary key column.
    let primaryKeyIndex: Int
    /// Whether the primary key is made of several columns (the type's `ID` is ``CompositeKey``).
    let hasCompositeKey: Bool
    /// Whether the mapping declares the type's properties: a key the type encodes
    /// without a column is a property the declaration left out.
    let isDeclared: Bool
    /// Whether the database assigns the key (an integer key left nil on insert).
    let keyIsAssignedByDatabase: Bool
    let columns: [Column]
    let toMany: [ToMany]
    /// The column indexes of each declared unique key.
    let uniqueKeys: [[Int]]
    let columnIndexByKey: [String: Int]
    /// The columns by the names a record query may use for them (ASCII-lowercased): each
    /// column's name, and its property's coding key (`author` for `author_id`).
    let columnReferences: ColumnReferences

    /// The statements of the type's rows, from which the SQL below is rendered once, in
    /// SQLite's dialect (the one a ``Database`` speaks); another dialect's text is
    /// rendered from them (`statements.rendered(for:)`).
    let statements: RecordStatements
    /// `"t"."a", "t"."b"`: the columns in schema order, qualified by the table.
    let selectionSQL: String
    /// A query's selection of ``selectionSQL``, made once for all the type's queries.
    let selection: [Query.Selection]
    /// `SELECT "t"."a", "t"."b" FROM "t"`.
    let selectSQL: String
    /// The select of one row by primary key: `… WHERE "t"."id" = ?`.
    let findSQL: String
    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)`, every column bound.
    let insertSQL: String
    /// The insert of a record whose key the database assigns: every column but the key
    /// (nil when the key is the only column, or the database does not assign it).
    let insertWithoutKeySQL: String?
    /// The insert, updating the row when the key exists.
    let upsertSQL: String
    /// `UPDATE "t" SET … WHERE "id" = ?`, every column but the key, then the key.
    let updateSQL: String

    var primaryKey: Column { columns[primaryKeyIndex] }

    /// The primary key columns' names, in the key's order.
    var primaryKeyNames: [String] { primaryKeyIndexes.map { columns[$0].name } }

    /// The key of the row whose columns start at `offset` of `row`: the key column's
    /// value, or for a composite key the ``CompositeKey``'s one-value form.
    @inline(__always)
    func key(ofRow row: [Value], offset: Int = 0) -> Value {
        guard hasCompositeKey else { return row[offset + primaryKeyIndex] }
        return CompositeKey(values: primaryKeyIndexes.map { row[offset + $0] }).databaseValue
    }

    /// The statements that write a record's row.
    enum RowStatement: Int, CaseIterable {
        /// Every column.
        case insert
        /// Every column but the key, which the database assigns (see ``insertWithoutKeySQL``).
        case insertWithoutKey
        /// Every column, updating the row with the same key.
        case upsert
        /// Every column but the key, then the key.
        case update
    }

    /// The SQL of a row statement.
    func sql(of statement: RowStatement) -> String {
        switch statement {
        case .insert: insertSQL
        case .insertWithoutKey: insertWithoutKeySQL ?? insertSQL
        case .upsert: upsertSQL
        case .update: updateSQL
        }
    }

    /// The values of the key's columns in `key` (a key, or a ``CompositeKey``'s one-value
    /// form); a ``ConversionError`` when a composite key does not hold one value per column.
    func keyParts(of key: Value) throws -> [Value] {
        guard hasCompositeKey else { return [key] }
        let parts = try CompositeKey(databaseValue: key).values
        guard parts.count == primaryKeyIndexes.count else {
            throw ConversionError.invalidValue(
                expected: "CompositeKey of \(primaryKeyIndexes.count) values", value: key, column: nil)
        }
        return parts
    }

    /// The key of a row that selects the key's columns only, in order.
    func keyOfSelectedRow(_ values: [Value]) -> Value {
        hasCompositeKey ? CompositeKey(values: values).databaseValue : values[0]
    }

    /// The key columns' names qualified by the table, for record queries.
    var qualifiedPrimaryKeyNames: [String] { primaryKeyNames.map { tableName + "." + $0 } }

    /// The 1-based parameter of the column at `index` in a row statement: columns in
    /// schema order in the inserts; the key's columns last in the update; 0 for the key
    /// in the insert without it, which binds no value for it.
    @inline(__always)
    func parameter(ofColumn index: Int, in statement: RowStatement) -> Int32 {
        switch statement {
        case .insert, .upsert: return Int32(index + 1)
        case .insertWithoutKey:
            // Only for a record with a one-column key (see `GraphWriter`).
            if index == primaryKeyIndex { return 0 }
            return Int32(index < primaryKeyIndex ? index + 1 : index)
        case .update: break
        }
        guard hasCompositeKey else {
            if index == primaryKeyIndex { return Int32(columns.count) }
            return Int32(index < primaryKeyIndex ? index + 1 : index)
        }
        let others = columns.count - primaryKeyIndexes.count
        if let position = primaryKeyIndexes.firstIndex(of: index) { return Int32(others + position + 1) }
        return Int32(index + 1 - primaryKeyIndexes.count { $0 < index })
    }

    /// Whether the record has a belongs-to or to-many relation.
    let hasRelations: Bool
    /// The columns saves stamp with their time.
    let timestamps: RecordTimestamps
    /// Each column's coding key, in order.
    let columnKeys: [String]
    /// Each property's coding key, in the order the type declares (or is reflected) them.
    let propertyKeys: [String]
    /// Where each property of ``propertyKeys`` is kept: its column's index, or for a
    /// to-many relation `-1 - ` its index in ``toMany``.
    let propertySlots: [Int]
    /// How many of the first properties are the columns of the same index.
    let directProperties: Int

    init(
        typeID: ObjectIdentifier, recordName: String, tableName: String, isMapped: Bool, primaryKeyIndexes: [Int],
        keyIsAssignedByDatabase: Bool, columns: [Column], toMany: [ToMany], uniqueKeys: [[Int]], isDeclared: Bool = false,
        propertyKeys: [String], columnCodableType: (any ColumnCodableRecord.Type)? = nil
    ) {
        self.columnCodableType = columnCodableType
        self.isDeclared = isDeclared
        self.typeID = typeID
        self.recordName = recordName
        self.tableName = tableName
        self.isMapped = isMapped
        self.primaryKeyIndexes = primaryKeyIndexes
        self.primaryKeyIndex = primaryKeyIndexes[0]
        self.hasCompositeKey = primaryKeyIndexes.count > 1
        self.keyIsAssignedByDatabase = keyIsAssignedByDatabase
        self.columns = columns
        self.toMany = toMany
        self.uniqueKeys = uniqueKeys
        self.hasRelations = !toMany.isEmpty
            || columns.contains { if case .belongsTo = $0.storage { true } else { false } }
        self.columnKeys = columns.map(\.key)
        self.timestamps = RecordTimestamps(columns: columns)
        let columnIndexByKey = Dictionary(columns.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.columnIndexByKey = columnIndexByKey
        self.propertyKeys = propertyKeys
        let propertySlots = propertyKeys.map { key in
            columnIndexByKey[key] ?? -1 - (toMany.firstIndex { $0.key == key } ?? 0)
        }
        self.propertySlots = propertySlots
        self.directProperties = propertySlots.enumerated().prefix { $0.element == $0.offset }.count
        var references: [String: String] = [:]
        for column in columns { references[SQLRenderer.asciiLowercased(column.name)] = column.name }
        for column in columns where references[SQLRenderer.asciiLowercased(column.key)] == nil {
            references[SQLRenderer.asciiLowercased(column.key)] = column.name
        }
        self.columnReferences = ColumnReferences(references)
        let names = columns.map(\.name)
        // A nil optional belongs-to may be a relation that was not loaded: saving the
        // record must not erase the foreign key it never read.
        let optionalForeignKeys = columns.filter { column in
            if case .belongsTo = column.storage { column.isOptional } else { false }
        }
        let statements = RecordStatements(
            table: tableName, columns: names, primaryKey: primaryKeyIndexes,
            keptWhenNull: Set(optionalForeignKeys.map(\.name)))
        self.statements = statements
        selectionSQL = statements.selection
        selection = [.sql(selectionSQL)]
        selectSQL = statements.select
        findSQL = statements.find
        insertSQL = statements.insert(upserting: false)
        upsertSQL = statements.insert(upserting: true)
        insertWithoutKeySQL = keyIsAssignedByDatabase && primaryKeyIndexes.count == 1 ? statements.insertWithoutKey : nil
        updateSQL = statements.update
    }

    private let resolvedForeignKeys = Protected<[String: String]>([:])

    /// The foreign key column, on the child's table, of a has-many or has-one relation:
    /// `declared`, when the mapping names it; else the column of the child's belongs-to
    /// relation to this type, when it has exactly one; else `<table>_id`.
    func foreignKey(of relation: ToMany, declared: String?) throws -> String {
        if let declared { return declared }
        if let known = resolvedForeignKeys.withLock({ $0[relation.key] }) { return known }
        let child = try RecordSchema.of(dynamic: relation.target)
        let backReferences = child.columns.filter { column in
            if case .belongsTo(let target) = column.storage { ObjectIdentifier(target) == typeID } else { false }
        }
        let name = backReferences.count == 1 ? backReferences[0].name : snakeCase(tableName) + "_id"
        resolvedForeignKeys.withLock { $0[relation.key] = name }
        return name
    }
}

/// One row of a record type's table: the type and the row's key.
struct RecordIdentity: Hashable {
    let type: ObjectIdentifier
    let key: Value
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

    /// Takes the column at `index` as found elsewhere: the next key is expected at the one after it.
    @inline(__always)
    mutating func found(_ index: Int) {
        next = index + 1
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

    /// The schema of `Record`, reflected on first use and then cached. A type whose
    /// `init(from:)` refuses placeholder values is reflected from a row of its table
    /// read on `connection`, when one is given and the table has a row.
    static func of<Record: ActiveRecord>(_ type: Record.Type, readingRowsOn connection: Connection? = nil) throws -> RecordSchema {
        let key = ObjectIdentifier(type)
        if let schema = cache.withLock({ $0[key] }) {
            return schema
        }
        let schema = try SchemaReflector.reflect(type, storedRow: connection.map { connection in
            { mapping in try SchemaReflector.StoredRow.first(of: Record.tableName, mapping: mapping, on: connection) }
        })
        cache.withLock { $0[key] = schema }
        return schema
    }

    /// The schema of a record type known only at run time.
    static func of(dynamic type: any ActiveRecord.Type, readingRowsOn connection: Connection? = nil) throws -> RecordSchema {
        func open<Record: ActiveRecord>(_ type: Record.Type) throws -> RecordSchema {
            try of(type, readingRowsOn: connection)
        }
        return try open(type)
    }
}
