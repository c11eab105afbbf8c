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

extension Database {
    /// The SQL this database speaks: ``SQLDialect/sqlite``.
    public var dialect: SQLDialect { .sqlite }
}
