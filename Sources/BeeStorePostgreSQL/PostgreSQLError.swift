#if PostgreSQL
import BeeStore

/// An error of the PostgreSQL backend: a statement the server refused, a connection that
/// failed or was lost, or a configuration that cannot work.
///
/// Errors of a statement carry the server's `SQLSTATE` code, and ``resultCode`` names the
/// nearest SQLite result code, so that code written for both backends can test
/// constraint violations the same way:
///
/// ```swift
/// do {
///     try db.execute("INSERT INTO player (id, name) VALUES ($1, $2)", [1, "Arthur"])
/// } catch let error as PostgreSQLError where error.resultCode == .uniqueConstraint {
///     print("taken")
/// }
/// ```
public struct PostgreSQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Sendable, Equatable {
        /// The server refused or failed the statement: see ``PostgreSQLError/sqlState``.
        case statement
        /// The connection could not be opened, or broke during the operation. Work that the
        /// operation's transaction did is not committed; a new connection replaces the lost one.
        case connection
        /// No connection became free within the configuration's `connectionWaitInterval`.
        case connectionWait
        /// The configuration or URL cannot work.
        case configuration
        /// The operation needs SQLite, or something PostgreSQL does not have.
        case unsupported
        /// A value the server sent has a type BeeStore does not convert.
        case unsupportedType
    }

    /// What failed.
    public let kind: Kind

    /// The server's `SQLSTATE` code for a refused statement (`23505`, a unique violation),
    /// nil for other kinds.
    public let sqlState: String?

    /// The server's message, or BeeStore's.
    public let message: String

    /// The statement's SQL, when a statement failed.
    public let sql: String?

    /// Creates an error; ``sqlState`` and ``sql`` belong to failed statements.
    public init(kind: Kind, sqlState: String? = nil, message: String, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// The SQLite result code nearest to the error: `.uniqueConstraint` for `23505`,
    /// `.foreignKeyConstraint` for `23503`, `.notNullConstraint` for `23502`, `.constraint`
    /// for other integrity violations, `.busy` for a serialization failure or a deadlock,
    /// `.readOnly` for a write in a read-only transaction, `.auth` for a refused
    /// permission, `.cantOpen` for a connection failure, `.error` otherwise.
    public var resultCode: ResultCode {
        switch (kind, sqlState) {
        case (.connection, _), (.connectionWait, _): .cantOpen
        case (.statement, "23505"?): .uniqueConstraint
        case (.statement, "23503"?): .foreignKeyConstraint
        case (.statement, "23502"?): .notNullConstraint
        case (.statement, let state?) where state.hasPrefix("23"): .constraint
        case (.statement, "40001"?), (.statement, "40P01"?): .busy
        case (.statement, "25006"?): .readOnly
        case (.statement, "42501"?): .auth
        default: .error
        }
    }

    /// Whether running the same transaction again may succeed: a serialization failure
    /// (`40001`) or a deadlock (`40P01`), which the server resolves by failing one of the
    /// transactions involved, or a statement the connection had prepared whose table has
    /// changed the columns it returns since (`0A000`, after another server's `ALTER
    /// TABLE`), which the connection prepares again. ``PostgreSQLDatabase/retrying(attempts:_:)``
    /// retries them.
    public var isTransient: Bool {
        sqlState == "40001" || sqlState == "40P01" || isStalePreparedStatement
    }

    /// Whether the server refused a prepared statement because its result's columns changed.
    var isStalePreparedStatement: Bool {
        sqlState == "0A000" && message.hasPrefix("cached plan must not change result type")
    }

    /// "PostgreSQL error 23505: duplicate key value violates … (INSERT …)".
    public var description: String {
        let code = sqlState.map { " \($0)" } ?? ""
        return "PostgreSQL error\(code): \(message)" + (sql.map { " (\($0))" } ?? "")
    }
}
#endif
