#if PostgreSQL
import BeeStore

/// A database that BeeStore's records, query builder and SQL run on: a SQLite
/// ``BeeStore/Database`` or a ``PostgreSQLDatabase``.
///
/// Code written against `some SQLDatabase` (or `any SQLDatabase`) runs on either, each
/// operation as the database's own form runs it. Moving an app from a file to a server
/// then changes one setting, the location ``openDatabase(_:)`` opens, and nothing else:
///
/// ```swift
/// let db = try openDatabase(ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "shop.sqlite")
///
/// func enroll(_ name: String, in db: some SQLDatabase) throws -> Member {
///     var member = Member(name: name)
///     try db.transaction {
///         try member.save(in: db)
///         try db.from("team").where("name", "Bees").increment("members", in: db)
///     }
///     return member
/// }
/// ```
///
/// The forms taking `some SQLDatabase` are the same calls as each database's own
/// (`save(in:)`, `records(in:)`, `get(in:)`, `observe(in:)`, `migrate(_:)`, …); a
/// database's own form is chosen when the type is known. SQL text is the database's own:
/// `?` placeholders on SQLite, `$1` on PostgreSQL (``dialect`` tells which); the builder
/// renders for either. What only SQLite has (the caches, the key-value store, full-text
/// search, backups, changesets, Swift functions, migrations written in Swift) takes a
/// ``BeeStore/Database``: reach it through ``backend``.
public protocol SQLDatabase: AnyObject, Sendable {
    /// The database as the kind it is, to reach what only that kind has.
    var backend: DatabaseBackend { get }
}

/// The kinds of database a ``SQLDatabase`` is.
public enum DatabaseBackend: Sendable {
    /// A SQLite database.
    case sqlite(Database)
    /// A PostgreSQL database.
    case postgreSQL(PostgreSQLDatabase)
}

extension Database: SQLDatabase {
    /// ``DatabaseBackend/sqlite(_:)``.
    public var backend: DatabaseBackend { .sqlite(self) }
}

extension PostgreSQLDatabase: SQLDatabase {
    /// ``DatabaseBackend/postgreSQL(_:)``.
    public var backend: DatabaseBackend { .postgreSQL(self) }
}

/// SQL, transactions and the builder's tables on either database.
extension SQLDatabase {
    /// The SQL the database speaks.
    @_disfavoredOverload
    public var dialect: SQLDialect {
        switch backend {
        case .sqlite(let database): database.dialect
        case .postgreSQL(let database): database.dialect
        }
    }

    /// Runs `body` in a read-only transaction, on one snapshot; the record and builder
    /// calls it makes on this database run in it.
    @_disfavoredOverload
    public func read<T>(_ body: () throws -> T) throws -> T {
        switch backend {
        case .sqlite(let database): try database.read { _ in try body() }
        case .postgreSQL(let database): try database.read { _ in try body() }
        }
    }

    /// Runs `body` in a transaction (a savepoint when nested): committed when `body`
    /// returns, rolled back, with every record and builder change it made on this
    /// database, when it throws.
    ///
    /// ```swift
    /// try db.transaction {
    ///     try order.save(in: db)
    ///     try db.from("stock").where("sku", order.sku).increment("reserved", in: db)
    /// }
    /// ```
    @_disfavoredOverload
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        switch backend {
        case .sqlite(let database): try database.transaction { _ in try body() }
        case .postgreSQL(let database): try database.transaction { _ in try body() }
        }
    }

    /// Closes the database: its connections are let go, and later calls fail.
    @_disfavoredOverload
    public func close() {
        switch backend {
        case .sqlite(let database): database.close()
        case .postgreSQL(let database): database.close()
        }
    }

    /// Runs a statement that returns no rows, with values bound to its placeholders
    /// (written in the database's dialect: `?` on SQLite, `$1` on PostgreSQL).
    @_disfavoredOverload
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        switch backend {
        case .sqlite(let database): try database.execute(sql, arguments)
        case .postgreSQL(let database): try database.execute(sql, arguments)
        }
    }

    /// Runs the statements of a script, in order, without bound values.
    @_disfavoredOverload
    public func execute(script: String) throws {
        switch backend {
        case .sqlite(let database): try database.execute(script: script)
        case .postgreSQL(let database): try database.execute(script: script)
        }
    }

    /// Runs a query and returns all its rows.
    @_disfavoredOverload
    public func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        switch backend {
        case .sqlite(let database): try database.fetchAll(sql, arguments)
        case .postgreSQL(let database): try database.fetchAll(sql, arguments)
        }
    }

    /// Runs a query and returns its first row, if any.
    @_disfavoredOverload
    public func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        switch backend {
        case .sqlite(let database): try database.fetchOne(sql, arguments)
        case .postgreSQL(let database): try database.fetchOne(sql, arguments)
        }
    }

    /// Runs a query and converts the first column of its first row; nil when there is no
    /// row or the value is `NULL`.
    @_disfavoredOverload
    public func fetchValue<T: DatabaseValueConvertible>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> T? {
        switch backend {
        case .sqlite(let database): try database.fetchValue(type, sql, arguments)
        case .postgreSQL(let database): try database.fetchValue(type, sql, arguments)
        }
    }

    /// A query on `table`, rendered in the database's dialect; run it with the `in:` forms
    /// of its terminal methods (`get(in:)`, `update(in:)`, …).
    @_disfavoredOverload
    public func from(_ table: String) -> Query {
        switch backend {
        case .sqlite(let database): database.from(table)
        case .postgreSQL(let database): database.from(table)
        }
    }

    /// A table definition in the database's column types; make it with
    /// ``create(_:ifNotExists:)``.
    @_disfavoredOverload
    public func table(_ name: String) -> TableDefinition {
        switch backend {
        case .sqlite(let database): database.table(name)
        case .postgreSQL(let database): database.table(name)
        }
    }

    /// Creates the table and its indexes in one transaction: all or nothing.
    @_disfavoredOverload
    public func create(_ definition: TableDefinition, ifNotExists: Bool = false) throws {
        switch backend {
        case .sqlite(let database):
            // Each form creates the table and its indexes in one transaction of its own.
            let bound = definition.bound(to: database)
            try ifNotExists ? bound.createIfNotExists() : bound.create()
        case .postgreSQL(let database):
            try database.create(definition, ifNotExists: ifNotExists)
        }
    }
}
#endif
