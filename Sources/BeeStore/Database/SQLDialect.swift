// SQLite island and PostgreSQL island: the dialect value is where each dialect's own
// transaction and savepoint statements are spelt.
import CSQLite

/// The SQL a database speaks: SQLite's, or PostgreSQL's. The query builder renders every
/// statement for a dialect (a ``Database``'s own, ``Database/dialect``), which decides
/// what differs between the two: placeholders (`?` or `$1`), case-insensitive `LIKE`
/// (`ILIKE` in PostgreSQL), an unlimited `LIMIT` with an `OFFSET`, blob and boolean
/// literals, and which statements exist at all (`INSERT OR REPLACE` is SQLite's).
///
/// ```swift
/// let query = db.from("player").where("name", "Arthur").limit(5)
/// try query.rendered(for: .postgreSQL).selectStatement().sql
/// // SELECT * FROM "player" WHERE "name" = $1 LIMIT $2
/// ```
public struct SQLDialect: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case sqlite
        case postgreSQL
    }

    let kind: Kind

    /// SQLite's dialect, as the SQLite library BeeStore runs on speaks it.
    public static let sqlite = SQLDialect(kind: .sqlite)

    /// PostgreSQL's dialect.
    public static let postgreSQL = SQLDialect(kind: .postgreSQL)

    /// The dialect's name: `SQLite` or `PostgreSQL`.
    public var description: String {
        switch kind {
        case .sqlite: "SQLite"
        case .postgreSQL: "PostgreSQL"
        }
    }

    /// Whether statements may end with `RETURNING` (SQLite 3.35 and later, every PostgreSQL).
    public var supportsReturning: Bool {
        switch kind {
        case .sqlite: sqlite3_libversion_number() >= 3_035_000
        case .postgreSQL: true
        }
    }

    /// Whether the SQLite library has the JSON operators `->` and `->>` (3.38 and later).
    static var sqliteHasJSONArrows: Bool {
        sqlite3_libversion_number() >= 3_038_000
    }
}

/// The statements that open and close transactions and savepoints: the dialect's, so that
/// no other code spells them.
extension SQLDialect {
    /// The statement that opens a transaction of `kind`: `BEGIN IMMEDIATE TRANSACTION` in
    /// SQLite; `BEGIN` in PostgreSQL, whose transactions take their locks as they go.
    func beginTransaction(_ kind: TransactionKind) -> String {
        switch (self.kind, kind) {
        case (.sqlite, .deferred): "BEGIN DEFERRED TRANSACTION"
        case (.sqlite, .immediate): "BEGIN IMMEDIATE TRANSACTION"
        case (.sqlite, .exclusive): "BEGIN EXCLUSIVE TRANSACTION"
        case (.postgreSQL, _): "BEGIN"
        }
    }

    /// The statement that commits the open transaction.
    var commitTransaction: String {
        kind == .sqlite ? "COMMIT TRANSACTION" : "COMMIT"
    }

    /// The statement that rolls the open transaction back.
    var rollbackTransaction: String {
        kind == .sqlite ? "ROLLBACK TRANSACTION" : "ROLLBACK"
    }

    /// `SAVEPOINT name`; `name` is one of BeeStore's own (letters, digits, `_`).
    func savepoint(_ name: String) -> String {
        "SAVEPOINT " + name
    }

    /// The statement that releases the savepoint `name`, keeping its changes.
    func releaseSavepoint(_ name: String) -> String {
        "RELEASE SAVEPOINT " + name
    }

    /// The statement that undoes the changes since the savepoint `name`.
    func rollbackToSavepoint(_ name: String) -> String {
        "ROLLBACK TO SAVEPOINT " + name
    }
}

extension Database {
    /// The SQL this database speaks: ``SQLDialect/sqlite``.
    public var dialect: SQLDialect { .sqlite }
}
