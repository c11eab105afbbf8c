/// The SQL of a record type's row statements and relation queries, rendered by
/// ``SQLRenderer`` like every other statement: columns bound in schema order.
struct RecordStatements {
    let table: String
    let columns: [String]
    let primaryKey: Int
    /// Columns whose stored value an update keeps when it would set them to `NULL`.
    let keptWhenNull: Set<String>

    /// What an insert does when the key exists.
    enum Conflict {
        case update, nothing
    }

    private func render(_ build: (inout SQLRenderer) -> Void) -> String {
        var renderer = SQLRenderer(scope: [table])
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

    /// The select of the row whose key is the one parameter.
    var find: String {
        select + render { renderer in
            renderer.append(" WHERE ")
            renderer.appendIdentifier(table)
            renderer.append(".")
            renderer.appendIdentifier(columns[primaryKey])
            renderer.append(" = ?")
        }
    }

    /// A query setting every column: its inserts and updates have one placeholder per
    /// column, in schema order (the values given here are never bound).
    private var settingEveryColumn: Query {
        var query = columns.reduce(Query(database: nil, table: table)) { $0.set($1, Value.null) }
        query.keepingStoredValueWhenNull = keptWhenNull
        return query
    }

    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)`, with what to do on a conflict of keys.
    func insert(onConflict conflict: Conflict?) -> String {
        if conflict == .nothing { return insertUnlessKeyExists }
        let key = columns[primaryKey]
        let query: Query
        switch conflict {
        case .update? where columns.count > 1: query = settingEveryColumn.onConflict(key).doUpdate()
        case .update?: query = settingEveryColumn.onConflict(key).doNothing()
        case .nothing?, nil: query = settingEveryColumn
        }
        // Every column is set and the conflict target is the key: rendering cannot fail.
        return (try? query.insertStatement().sql) ?? ""
    }

    /// `INSERT INTO "t" ("id", "a") SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM "t"
    /// WHERE "id" = ?1)`: no row is made when the key exists, so that a copy the insert
    /// would refuse (`NULL` in a `NOT NULL` column it was loaded without) is left alone.
    private var insertUnlessKeyExists: String {
        render { renderer in
            renderer.append("INSERT INTO ")
            renderer.appendTable(table)
            renderer.append(" (")
            renderer.appendWrittenColumns(columns)
            renderer.append(") SELECT ")
            renderer.append(columns.indices.map { "?\($0 + 1)" }.joined(separator: ", "))
            renderer.append(" WHERE NOT EXISTS (SELECT 1 FROM ")
            renderer.appendTable(table)
            renderer.append(" WHERE ")
            renderer.appendWrittenColumn(columns[primaryKey])
            renderer.append(" = ?\(primaryKey + 1))")
        }
    }

    /// `UPDATE "t" SET "a" = ?, "b" = ? WHERE "id" = ?`: every column but the key, then the key.
    var update: String {
        let key = columns[primaryKey]
        let others = columns.enumerated().filter { $0.offset != primaryKey }.map(\.element)
        guard !others.isEmpty else {
            // With no other column, the key is set to itself: the key stays the one parameter.
            return render { renderer in
                renderer.append("UPDATE ")
                renderer.appendTable(table)
                renderer.append(" SET ")
                renderer.appendWrittenColumn(key)
                renderer.append(" = ")
                renderer.appendWrittenColumn(key)
                renderer.append(" WHERE ")
                renderer.appendWrittenColumn(key)
                renderer.append(" = ?")
            }
        }
        var query = others.reduce(Query(database: nil, table: table)) { $0.set($1, Value.null) }.where(key, .equal, 0)
        query.keepingStoredValueWhenNull = keptWhenNull
        // Values are set and the table is named: rendering cannot fail.
        return (try? query.updateStatement().sql) ?? ""
    }
}
