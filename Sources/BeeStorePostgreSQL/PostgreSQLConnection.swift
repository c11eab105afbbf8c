#if PostgreSQL
import BeeStore
import Foundation

/// One PostgreSQL connection, handed to the closures of ``PostgreSQLDatabase/read(_:)``,
/// ``PostgreSQLDatabase/write(_:)`` and ``PostgreSQLDatabase/transaction(_:)``; the
/// counterpart of BeeStore's SQLite `Connection`. Placeholders are PostgreSQL's `$1`,
/// `$2`, …; the query builder renders them when it renders for ``SQLDialect/postgreSQL``.
///
/// A connection is used by one thread at a time: do not keep it beyond the closure that
/// gave it to you.
///
/// ```swift
/// try db.write { connection in
///     try connection.execute("INSERT INTO player (name) VALUES ($1)", ["Arthur"])
///     let count = try connection.fetchValue(Int.self, "SELECT count(*) FROM player")
/// }
/// ```
public final class PostgreSQLConnection {
    let session: ServerSession
    /// The database the connection belongs to, given to the records' hooks (calls
    /// through it on this thread join the connection's transaction).
    let database: PostgreSQLDatabase
    /// The open transaction's levels: the transaction, then each savepoint in it.
    private var depth = 0
    /// What runs once the open transaction commits, each with the level it was given at:
    /// dropped when that level rolls back.
    private var commitActions: [(depth: Int, action: () -> Void)] = []
    /// The largest key the app chose in each table (by name) whose keys the server
    /// assigns otherwise, written by record saves since the last
    /// ``advanceSequencesPastChosenKeys()``.
    var chosenKeys: [String: (column: String, key: Int64)] = [:]

    /// The number of rows the last statement inserted, changed or deleted.
    public private(set) var changes = 0

    init(session: ServerSession, database: PostgreSQLDatabase) {
        self.session = session
        self.database = database
    }

    /// Whether a transaction opened by BeeStore is open on this connection.
    public var isInTransaction: Bool {
        depth > 0
    }

    /// Runs one SQL statement with its arguments (`$1`, `$2`, … in order).
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        _ = try run(sql, arguments)
    }

    /// Runs several `;`-separated statements, without arguments, in order. The statements
    /// before a failing one stay applied unless you wrap the call in a transaction.
    public func execute(script: String) throws {
        for statement in ScriptSplitter.statements(of: script) {
            try execute(statement)
        }
    }

    /// Runs a query and returns all its rows.
    public func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try run(sql, arguments)
    }

    /// Runs a query and returns its first row, if any.
    public func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        try run(sql, arguments).first
    }

    /// Runs a query and converts the first column of its first row; nil when there is no
    /// row or the value is `NULL`.
    public func fetchValue<T: DatabaseValueConvertible>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> T? {
        guard let row = try fetchOne(sql, arguments), row.count > 0, !row[0].isNull else { return nil }
        return try row.decode(T.self, at: 0)
    }

    /// Runs a statement the builder rendered for PostgreSQL (its `$n` placeholders and values).
    public func execute(_ statement: SQLStatement) throws {
        try execute(statement.sql, StatementArguments(values: statement.arguments))
    }

    /// Runs a query the builder rendered for PostgreSQL and returns all its rows.
    public func fetchAll(_ statement: SQLStatement) throws -> [Row] {
        try fetchAll(statement.sql, StatementArguments(values: statement.arguments))
    }

    private func run(_ sql: String, _ arguments: StatementArguments) throws -> [Row] {
        guard arguments.namedValues.isEmpty else {
            throw PostgreSQLError(
                kind: .unsupported, message: "PostgreSQL binds positional arguments ($1, $2, …) only", sql: sql)
        }
        let outcome = try session.run(sql, arguments.values, insideTransaction: depth > 0)
        changes = outcome.changes
        return outcome.rows
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it
    /// throws. Inside a transaction, it runs in a savepoint instead, so that a failure
    /// rolls back only its own changes and leaves the outer transaction intact.
    public func transaction<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try transaction(beginning: ServerStatements.beginWrite, body)
    }

    /// Runs `body` in a transaction opened by `begin`, or in a savepoint when one is open.
    func transaction<T>(beginning begin: String, _ body: (PostgreSQLConnection) throws -> T) throws -> T {
        let dialect = SQLDialect.postgreSQL
        let savepoint = "beestore_savepoint_\(depth)"
        try execute(depth == 0 ? begin : dialect.savepoint(savepoint))
        depth += 1
        let result: T
        do {
            result = try body(self)
            try execute(depth == 1 ? dialect.commitTransaction : dialect.releaseSavepoint(savepoint))
        } catch {
            depth -= 1
            commitActions.removeAll { $0.depth > depth }
            // A connection that broke has no transaction left to end.
            if !session.isBroken {
                try? execute(depth == 0 ? dialect.rollbackTransaction : dialect.rollbackToSavepoint(savepoint))
            }
            throw error
        }
        depth -= 1
        if depth == 0, !commitActions.isEmpty {
            let actions = commitActions
            commitActions = []
            for (_, action) in actions { action() }
        }
        return result
    }

    /// Runs `action` once the transaction open on this connection commits; never when the
    /// transaction, or the savepoint open now, rolls back.
    func afterCommit(_ action: @escaping () -> Void) {
        commitActions.append((depth, action))
    }
}
#endif
