/// A chainable table definition, in the manner of {Bee}'s `TABLE … FIELD …
/// CREATE_IF_NOT_EXISTS`. Modifiers (`notNull()`, `primaryKey()`, …) apply to the
/// field defined last.
///
/// ```swift
/// try db.table("blogs")
///     .field("id", .integer).primaryKey().autoIncrement()
///     .field("title", .text, size: 64).notNull().unique()
///     .field("views", .integer).unsigned().defaultZero()
///     .index(on: "title")
///     .createIfNotExists()
/// ```
public struct TableDefinition: Sendable {
    /// The database the table belongs to; nil for a definition made only to render its
    /// statements, whose `create()` and other running methods throw ``QueryError/noDatabase(table:)``.
    public internal(set) var database: Database?

    /// The table's name.
    public let name: String

    var fields: [FieldDefinition] = []
    var indexes: [IndexDefinition] = []
    var tablePrimaryKey: [String]?
    var isWithoutRowID = false
    /// The dialect chosen by ``rendered(for:)``, rather than the database's.
    var chosenDialect: SQLDialect?
    var misuse: QueryError?

    /// A definition of table `name`; usually made with ``Database/table(_:)``.
    public init(database: Database?, name: String) {
        self.database = database
        self.name = name
    }

    /// Adds a field ({Bee}'s `FIELD` / `FIELD_WITH_SIZE`). The size is kept in the
    /// declared type (`TEXT(64)`); SQLite itself does not enforce it.
    public func field(_ name: String, _ type: ColumnType, size: Int? = nil) -> TableDefinition {
        var copy = self
        copy.fields.append(FieldDefinition(name: name, type: type, size: size))
        return copy
    }

    /// Values must be zero or more ({Bee}'s `UNSIGNED`), enforced with a `CHECK` constraint.
    public func unsigned() -> TableDefinition {
        modifyingLastField { $0.isUnsigned = true }
    }

    /// `NOT NULL` ({Bee}'s `NOT_NULL`).
    public func notNull() -> TableDefinition {
        modifyingLastField { $0.isNotNull = true }
    }

    /// `PRIMARY KEY` on the last field ({Bee}'s `PRIMARY_KEY`).
    public func primaryKey() -> TableDefinition {
        modifyingLastField { $0.isPrimaryKey = true }
    }

    /// A primary key over several columns: `PRIMARY KEY (a, b)`.
    public func primaryKey(_ columns: String...) -> TableDefinition {
        primaryKey(columns: columns)
    }

    /// `PRIMARY KEY (columns)`: a primary key over the columns of a list, in key order
    /// (a key read from another database's schema).
    public func primaryKey(columns: [String]) -> TableDefinition {
        var copy = self
        if copy.tablePrimaryKey != nil { copy.misuse = copy.misuse ?? .conflictingPrimaryKey(table: name) }
        copy.tablePrimaryKey = columns
        return copy
    }

    /// The same definition, rendered for `dialect` instead of its database's: to see the
    /// statements another database would run (`rendered(for: .postgreSQL).createStatements(ifNotExists: false)`).
    public func rendered(for dialect: SQLDialect) -> TableDefinition {
        var copy = self
        copy.chosenDialect = dialect
        return copy
    }

    /// `WITHOUT ROWID`: the table is stored in the order of its primary key, which it
    /// needs, and has no row id (SQLite; a PostgreSQL table never has one).
    public func withoutRowID() -> TableDefinition {
        var copy = self
        copy.isWithoutRowID = true
        return copy
    }

    /// `AUTOINCREMENT` ({Bee}'s `AUTO_INREMENT`): row ids are never reused. Needs an
    /// `.integer` primary key field.
    public func autoIncrement() -> TableDefinition {
        modifyingLastField { $0.isAutoIncrement = true }
    }

    /// `DEFAULT 0` ({Bee}'s `DEFAULT_ZERO`).
    public func defaultZero() -> TableDefinition {
        defaultValue(0)
    }

    /// `DEFAULT NULL` ({Bee}'s `DEFAULT_NULL`).
    public func defaultNull() -> TableDefinition {
        modifyingLastField { $0.defaultValue = .null }
    }

    /// `DEFAULT value` ({Bee}'s `DEFAULT`), written as an SQL literal that SQLite reads
    /// back as exactly `value`. An infinite or NaN default is a
    /// ``QueryError/nonFiniteDefault(table:column:)`` when the statements are made.
    public func defaultValue(_ value: (any DatabaseValueConvertible)?) -> TableDefinition {
        let value = value?.databaseValue ?? .null
        var copy = modifyingLastField { $0.defaultValue = value }
        if case .real(let real) = value, !real.isFinite, let field = fields.last {
            copy.misuse = copy.misuse ?? .nonFiniteDefault(table: name, column: field.name)
        }
        return copy
    }

    /// `COLLATE name`: the column's text compares and sorts by the collation `name`
    /// (SQLite's `NOCASE`, `RTRIM`, or one added with ``DatabaseCollation``, such as
    /// `localized`), in indexes and queries alike.
    public func collate(_ collation: String) -> TableDefinition {
        modifyingLastField { $0.collation = collation }
    }

    /// `UNIQUE` ({Bee}'s `UNIQUE`).
    public func unique() -> TableDefinition {
        modifyingLastField { $0.isUnique = true }
    }

    /// `REFERENCES table(column)`: a foreign key, with what happens to this row when the
    /// referenced one is deleted.
    public func references(
        _ table: String, column: String = "id", onDelete action: ForeignKeyAction? = nil
    ) -> TableDefinition {
        modifyingLastField { $0.reference = FieldDefinition.Reference(table: table, column: column, onDelete: action) }
    }

    /// An index on `columns`, created with the table ({Bee}'s `INDEX_ON`); named
    /// `<table>_on_<columns>` unless a name is given.
    public func index(on columns: String..., unique: Bool = false, named indexName: String? = nil) -> TableDefinition {
        index(on: columns, unique: unique, named: indexName)
    }

    /// An index on `columns`, as ``index(on:unique:named:)`` makes.
    func index(on columns: [String], unique: Bool = false, named indexName: String? = nil) -> TableDefinition {
        var copy = self
        copy.indexes.append(IndexDefinition(
            name: indexName ?? Self.indexName(table: name, columns: columns), columns: columns, isUnique: unique))
        return copy
    }

    /// The name of an index of `table` on `columns` when none is given: `<table>_on_<columns>`.
    static func indexName(table: String, columns: [String]) -> String {
        "\(table)_on_\(columns.joined(separator: "_"))"
    }

    /// The last field in a server database's own type (`BOOLEAN`, `TIMESTAMPTZ`, …) in
    /// place of its column type's; SQLite keeps the column type.
    func nativeType(_ type: NativeColumnType?) -> TableDefinition {
        modifyingLastField { $0.nativeType = type }
    }

    private func modifyingLastField(_ change: (inout FieldDefinition) -> Void) -> TableDefinition {
        var copy = self
        guard !copy.fields.isEmpty else {
            copy.misuse = copy.misuse ?? .noField(table: name)
            return copy
        }
        change(&copy.fields[copy.fields.count - 1])
        return copy
    }
}

/// A column's declared SQL type, which sets its SQLite type affinity.
public enum ColumnType: String, Sendable {
    /// `INTEGER`: whole numbers (and booleans).
    case integer = "INTEGER"
    /// `REAL`: floating point numbers.
    case real = "REAL"
    /// `TEXT`: strings (and dates, UUIDs, URLs as BeeStore stores them).
    case text = "TEXT"
    /// `BLOB`: bytes, stored as given.
    case blob = "BLOB"
    /// `NUMERIC`: numbers kept as integers when they are whole.
    case numeric = "NUMERIC"
}

/// What a foreign key does when the row it references is deleted.
public enum ForeignKeyAction: String, Sendable {
    /// Delete this row too.
    case cascade = "CASCADE"
    /// Set the column to `NULL`.
    case setNull = "SET NULL"
    /// Refuse the delete.
    case restrict = "RESTRICT"
    /// Do nothing (the delete fails at commit if the key is still referenced).
    case noAction = "NO ACTION"
}

struct FieldDefinition: Sendable {
    struct Reference: Sendable {
        let table: String
        let column: String
        let onDelete: ForeignKeyAction?
    }

    let name: String
    let type: ColumnType
    let size: Int?
    var isUnsigned = false
    var isNotNull = false
    var isPrimaryKey = false
    var isAutoIncrement = false
    var isUnique = false
    var collation: String?
    var defaultValue: Value?
    var reference: Reference?
    /// The server database's own type for the column, when it has one.
    var nativeType: NativeColumnType?
}

struct IndexDefinition: Sendable {
    let name: String
    let columns: [String]
    let isUnique: Bool
}

extension Database {
    /// A definition of table `name` ({Bee}'s `TABLE`), to create, alter or drop.
    public func table(_ name: String) -> TableDefinition {
        TableDefinition(database: self, name: name)
    }
}
