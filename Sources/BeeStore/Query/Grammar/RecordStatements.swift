/// The SQL of a record type's row statements and relation queries, rendered by
/// ``SQLRenderer`` like every other statement: columns bound in schema order, in one
/// dialect (SQLite's unless ``rendered(for:)`` chose another).
struct RecordStatements {
    let table: String
    let columns: [String]
    /// The key's columns, by index: one, or several for a composite key.
    let primaryKey: [Int]
    /// Columns whose stored value an update keeps when it would set them to `NULL`.
    let keptWhenNull: Set<String>
    /// The lock version column, for optimistic locking: the update finds the row only
    /// while it holds the version bound last.
    let lockVersion: String?
    private(set) var dialect = SQLDialect.sqlite

    init(table: String, columns: [String], primaryKey: [Int], keptWhenNull: Set<String>, lockVersion: String? = nil) {
        self.table = table
        self.columns = columns
        self.primaryKey = primaryKey
        self.keptWhenNull = keptWhenNull
        self.lockVersion = lockVersion
    }

    /// The same statements in `dialect`.
    func rendered(for dialect: SQLDialect) -> RecordStatements {
        var copy = self
        copy.dialect = dialect
        return copy
    }

    /// An empty query of the table, rendered in the statements' dialect.
    private var tableQuery: Query {
        Query(database: nil, table: table).rendered(for: dialect)
    }

    private func render(_ build: (inout SQLRenderer) -> Void) -> String {
        var renderer = SQLRenderer(scope: [table], dialect: dialect)
        build(&renderer)
        return renderer.sql
    }

    /// `"t"."a", "t"."b"`.
    var selection: String {
        render { renderer in
            for (index, column) in columns.enumerated() {
                if index > 0 { renderer.append(", ") }
                renderer.appendIdentifier(table)
                renderer.append(".")
                renderer.appendIdentifier(column)
            }
        }
    }

    /// `SELECT "t"."a", "t"."b" FROM "t"`.
    var select: String {
        "SELECT " + selection + render { $0.append(" FROM "); $0.appendTable(table) }
    }

    /// The select of the row whose key is the parameters, one per key column.
    var find: String {
        select + render { renderer in
            renderer.append(" WHERE ")
            for (index, column) in primaryKey.enumerated() {
                if index > 0 { renderer.append(" AND ") }
                renderer.appendIdentifier(table)
                renderer.append(".")
                renderer.appendIdentifier(columns[column])
                renderer.append(" = ")
                renderer.bind(.null)
            }
        }
    }

    /// A query setting every column: its inserts and updates have one placeholder per
    /// column, in schema order (the values given here are never bound).
    private var settingEveryColumn: Query {
        var query = columns.reduce(tableQuery) { $0.set($1, Value.null) }
        query.keepingStoredValueWhenNull = keptWhenNull
        return query
    }

    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)`, updating the row with the same key
    /// instead when `upserting`.
    func insert(upserting: Bool) -> String {
        let key = primaryKey.map { columns[$0] }
        let query: Query
        switch (upserting, columns.count > key.count) {
        case (true, true): query = UpsertClause(query: settingEveryColumn, columns: key).doUpdate()
        case (true, false): query = UpsertClause(query: settingEveryColumn, columns: key).doNothing()
        case (false, _): query = settingEveryColumn
        }
        // Every column is set and the conflict target is the key: rendering cannot fail.
        return (try? query.insertStatement().sql) ?? ""
    }

    /// `INSERT INTO "t" ("b") VALUES (?)`: every column but the key, which the database
    /// assigns (columns bound in schema order, the key's skipped). Nil when the key is
    /// the only column. SQLite tells the key it assigned without being asked (its last
    /// row id); PostgreSQL's statement returns it: `… RETURNING "id"`.
    var insertWithoutKey: String? {
        let others = columns.enumerated().filter { !primaryKey.contains($0.offset) }.map(\.element)
        guard !others.isEmpty else { return nil }
        let query = others.reduce(tableQuery) { $0.set($1, Value.null) }
        let returning: [SQLExpression] = dialect.kind == .sqlite ? [] : primaryKey.map { .exactColumn(columns[$0]) }
        // Values are set and the table is named: rendering cannot fail.
        return try? query.insertStatement(orReplace: false, returning: returning).sql
    }

    /// `UPDATE "t" SET "a" = ?, "b" = ? WHERE "id" = ?`: every column but the key, then
    /// the key's columns; with a lock version, then `AND "lock_version" = ?`, the version
    /// the row must hold (its column's own parameter in the `SET` takes the new version).
    var update: String {
        let key = primaryKey.map { columns[$0] }
        let others = columns.enumerated().filter { !primaryKey.contains($0.offset) }.map(\.element)
        guard !others.isEmpty else {
            // With no other column, the key is set to itself: the key's columns stay the parameters.
            return render { renderer in
                renderer.append("UPDATE ")
                renderer.appendTable(table)
                renderer.append(" SET ")
                renderer.appendWrittenColumn(key[0])
                renderer.append(" = ")
                renderer.appendWrittenColumn(key[0])
                renderer.append(" WHERE ")
                for (index, column) in key.enumerated() {
                    if index > 0 { renderer.append(" AND ") }
                    renderer.appendWrittenColumn(column)
                    renderer.append(" = ")
                    renderer.bind(.null)
                }
            }
        }
        var query = (key + (lockVersion.map { [$0] } ?? [])).reduce(others.reduce(tableQuery) { $0.set($1, Value.null) }) {
            $0.where($1, .equal, 0)
        }
        query.keepingStoredValueWhenNull = keptWhenNull
        // Values are set and the table is named: rendering cannot fail.
        return (try? query.updateStatement().sql) ?? ""
    }
}
