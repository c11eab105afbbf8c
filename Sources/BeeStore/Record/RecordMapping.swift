/// How a record type maps its table and relations where the conventions do not fit: the
/// one declaration a type makes, as its ``ActiveRecord/mapping`` property.
///
/// The conventions: the table is the type's name in snake_case; the primary key is the
/// `id` property; each property is the column its coding key names; a record-typed
/// property is a belongs-to relation stored in `<property>_id` (or in the coding key
/// itself when it ends in `Id`, `ID` or `_id`); an array of records is a has-many
/// relation, kept by a foreign key on the child's table (the column of the child's own
/// belongs-to relation to this type, or `<table>_id`). A declaration overrides any of it:
///
/// ```swift
/// struct Album: ActiveRecord {
///     var id: Int64?
///     var title: String
///     var artist: Artist?
///     var tracks: [Track]?
///
///     static let mapping = RecordMapping(table: "Album", primaryKey: "AlbumId")
///         .column("title", "Title")
///         .belongsTo("artist", column: "ArtistId")
///         .hasMany("tracks", foreignKey: "AlbumId", onDelete: .cascade)
/// }
/// ```
///
/// A type that names its table maps that table as it is: BeeStore creates it when it is
/// missing, but never alters it; a column the type needs and the table lacks is a
/// ``RecordError/missingColumns(table:columns:)``.
public struct RecordMapping: Sendable {
    /// The table's name, when declared.
    public let table: String?
    /// The primary key's columns, when declared: one, or several for a composite key.
    public let primaryKeyColumns: [String]
    /// The primary key column's name, when one column is declared.
    public var primaryKey: String? { primaryKeyColumns.count == 1 ? primaryKeyColumns[0] : nil }
    /// How column names follow from coding keys where none is declared.
    public let columnNaming: ColumnNaming
    var columnNames: [String: String] = [:]
    var relations: [String: RelationDeclaration] = [:]
    var uniqueKeys: [[String]] = []
    /// The coding key of the property holding the row's lock version, when declared.
    var lockVersionProperty: String?
    /// The stored properties, when declared: the schema is read from them instead of by
    /// decoding a placeholder instance.
    var declaredProperties: [RecordProperty]?

    /// A mapping onto `table` (the type's name in snake_case when nil) whose primary key
    /// column is `primaryKey` (the `id` property's coding key when nil), its other
    /// columns named by `columnNaming` unless declared.
    public init(table: String? = nil, primaryKey: String? = nil, columnNaming: ColumnNaming = .codingKeys) {
        self.table = table
        self.primaryKeyColumns = primaryKey.map { [$0] } ?? []
        self.columnNaming = columnNaming
    }

    /// A mapping onto `table` whose primary key is made of the columns `primaryKey`, in
    /// order (a join table's `PRIMARY KEY (PlaylistId, TrackId)`): the record type's `ID`
    /// is ``CompositeKey``, and each key column is the column of one of its properties.
    /// Such a record can be the child of a has-many relation, but not the target of a
    /// belongs-to or many-to-many relation, whose foreign key is one column.
    public init(table: String? = nil, primaryKey: [String], columnNaming: ColumnNaming = .codingKeys) {
        self.table = table
        self.primaryKeyColumns = primaryKey
        self.columnNaming = columnNaming
    }

    /// The column of the property whose coding key is `property`.
    public func column(_ property: String, _ column: String) -> RecordMapping {
        changing { $0.columnNames[property] = column }
    }

    /// A record-typed property stored as the foreign key `column` of this table.
    public func belongsTo(_ property: String, column: String) -> RecordMapping {
        changing { $0.columnNames[property] = column }
    }

    /// An array of records kept by the foreign key column `foreignKey` of the child's
    /// table; `onDelete` says what happens to children when this record is deleted or
    /// when a save leaves them out of the array.
    public func hasMany(_ property: String, foreignKey: String? = nil, onDelete rule: DeleteRule = .nullify) -> RecordMapping {
        changing { $0.relations[property] = .hasMany(foreignKey: foreignKey, rule: rule) }
    }

    /// A record-typed property kept by the foreign key column `foreignKey` of the other
    /// record's table (which points back here), instead of a column of this table.
    public func hasOne(_ property: String, foreignKey: String? = nil, onDelete rule: DeleteRule = .nullify) -> RecordMapping {
        changing { $0.relations[property] = .hasOne(foreignKey: foreignKey, rule: rule) }
    }

    /// An array of records linked through the join table `table` (`<table>_<property>`
    /// by default, created when missing) whose `parentColumn` holds this record's key and
    /// `childColumn` the other's. `ordered` keeps the array's order in a `position`
    /// column. Links are removed with either record; the records themselves never are.
    ///
    /// Files written by earlier versions of BeeStore, where every array of records was
    /// kept this way, read as they are with `.manyToMany("property", ordered: true)`.
    public func manyToMany(
        _ property: String, through table: String? = nil, parentColumn: String = "parent_id",
        childColumn: String = "child_id", ordered: Bool = false
    ) -> RecordMapping {
        changing {
            $0.relations[property] = .manyToMany(
                table: table, parentColumn: parentColumn, childColumn: childColumn, ordered: ordered)
        }
    }

    /// Declares the type's stored properties (their coding keys and Swift types), so that
    /// BeeStore reads its schema from here instead of decoding a placeholder instance:
    /// the declaration for a type whose `init(from:)` validates its values (an e-mail
    /// that must contain "@") and so refuses placeholders. Every property the type
    /// encodes must be declared; the key is `id`, or the property whose column the
    /// mapping names as the primary key.
    ///
    /// ```swift
    /// static let mapping = RecordMapping().properties(
    ///     RecordProperty("id", Int64?.self),
    ///     RecordProperty("email", String.self),
    ///     RecordProperty("team", Team?.self))
    /// ```
    public func properties(_ properties: RecordProperty...) -> RecordMapping {
        changing { $0.declaredProperties = properties }
    }

    /// A set of properties that identify a record: a related record saved without a key
    /// is the existing row with the same values, when there is one, instead of a new row.
    /// A table BeeStore creates has a unique index on their columns, so that two writers
    /// cannot both insert the same values; an existing table is left as it is (a
    /// migration adds the index: its rows may hold duplicates).
    public func unique(_ properties: String...) -> RecordMapping {
        changing { $0.uniqueKeys.append(properties) }
    }

    /// The integer property whose coding key is `property` holds the row's lock version,
    /// for optimistic locking (Rails' `locking_column`): the declaration for a property
    /// (or column) not named `lockVersion` or `lock_version`, which are found without one.
    ///
    /// A record with a lock version is inserted with the version it holds (0, by
    /// convention, for a new record). Every write of its existing row by a record — a
    /// save, ``ActiveRecord/update(in:updatingRelated:)``,
    /// ``ActiveRecord/updateChanges(in:from:)``, a related record saved with
    /// `updatingRelated: true` — sets the version to one more than the record's and finds
    /// the row only while it still holds the record's version, and so does
    /// ``ActiveRecord/delete(in:)``: when another connection or process saved the row
    /// since the record was loaded, nothing is written and the write throws
    /// ``RecordError/versionConflict(record:id:expectedVersion:)`` (no row with the key
    /// at all is ``RecordError/notFound(record:id:)`` as for any record; a delete returns
    /// false). The saved copy of a struct holds the new version; a class instance keeps
    /// its own properties, so fetch it again before its next save. Bulk changes
    /// (``RecordQuery/updateAll(_:in:)``, `increment`, ``RecordQuery/deleteAll(in:)``,
    /// delete rules) neither check nor change versions.
    ///
    /// The property is a non-optional integer (`Int`, `Int64`, `Int32`…): any other type
    /// is a ``RecordError/unsupportedType(record:property:type:reason:)``. A table that
    /// gains the column while it has rows gets it with the default 0.
    ///
    /// ```swift
    /// static let mapping = RecordMapping(table: "Document").column("revision", "Revision").lockVersion("revision")
    /// ```
    public func lockVersion(_ property: String) -> RecordMapping {
        changing { $0.lockVersionProperty = property }
    }

    private func changing(_ change: (inout RecordMapping) -> Void) -> RecordMapping {
        var copy = self
        change(&copy)
        return copy
    }

    enum RelationDeclaration: Sendable {
        case hasMany(foreignKey: String?, rule: DeleteRule)
        case hasOne(foreignKey: String?, rule: DeleteRule)
        case manyToMany(table: String?, parentColumn: String, childColumn: String, ordered: Bool)
    }
}

/// What happens to the children of a has-many or has-one relation when their parent is
/// deleted, or when a save of the parent leaves them out.
public enum DeleteRule: Sendable {
    /// Their foreign key is set to `NULL`; they stay (the default: no save or delete
    /// removes a row that was not asked to be removed).
    case nullify
    /// They are deleted too.
    case cascade
    /// The delete or save fails with ``RecordError/restricted(record:relation:)`` while they exist.
    case restrict
}

/// How a record type's column names follow from its coding keys, where its mapping
/// declares none. The table's name is the type's name in snake_case either way.
public enum ColumnNaming: Sendable {
    /// The coding key as it is (`createdAt`); a belongs-to column is `<key>_id`, or the
    /// key itself when it ends in `Id`, `ID` or `_id` (`owner` → `owner_id`, `ArtistId` → `ArtistId`).
    case codingKeys
    /// The coding key in snake_case (`createdAt` → `created_at`), as Rails names
    /// columns; a belongs-to column is that name with `_id` (`owner` → `owner_id`,
    /// `mainAuthor` → `main_author_id`).
    case snakeCase

    /// The column of a value or JSON property.
    func column(forKey key: String) -> String {
        switch self {
        case .codingKeys: key
        case .snakeCase: BeeStore.snakeCase(key)
        }
    }

    /// The column of a belongs-to property.
    func foreignKeyColumn(forKey key: String) -> String {
        switch self {
        case .codingKeys: key.hasSuffix("Id") || key.hasSuffix("ID") || key.hasSuffix("_id") ? key : key + "_id"
        case .snakeCase:
            BeeStore.snakeCase(key).hasSuffix("_id") ? BeeStore.snakeCase(key) : BeeStore.snakeCase(key) + "_id"
        }
    }
}
