/// The SQL of a record type's row statements and relation queries, rendered by
/// ``SQLRenderer`` like every other statement: columns bound in schema order.
struct RecordStatements {
    let table: String
    let columns: [String]
    let primaryKey: Int

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

    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)`, with what to do on a conflict of keys.
    func insert(onConflict conflict: Conflict?) -> String {
        if conflict == .nothing { return insertUnlessKeyExists }
        return render { renderer in
            renderer.append("INSERT INTO ")
            renderer.appendTable(table)
            renderer.append(" (")
            renderer.appendWrittenColumns(columns)
            renderer.append(") VALUES (")
            renderer.append(Array(repeating: "?", count: columns.count).joined(separator: ", "))
            renderer.append(")")
            guard conflict != nil else { return }
            renderer.append(" ON CONFLICT (")
            renderer.appendWrittenColumn(columns[primaryKey])
            let others = columns.enumerated().filter { $0.offset != primaryKey }.map(\.element)
            guard !others.isEmpty else { return renderer.append(") DO NOTHING") }
            renderer.append(") DO UPDATE SET ")
            for (index, column) in others.enumerated() {
                if index > 0 { renderer.append(", ") }
                renderer.appendWrittenColumn(column)
                renderer.append(" = excluded.")
                renderer.appendWrittenColumn(column)
            }
        }
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
        render { renderer in
            renderer.append("UPDATE ")
            renderer.appendTable(table)
            renderer.append(" SET ")
            let others = columns.enumerated().filter { $0.offset != primaryKey }.map(\.element)
            for (index, column) in (others.isEmpty ? [columns[primaryKey]] : others).enumerated() {
                if index > 0 { renderer.append(", ") }
                renderer.appendWrittenColumn(column)
                renderer.append(" = ")
                // With no other column, the key is set to itself: the key stays the last parameter.
                if others.isEmpty { renderer.appendWrittenColumn(column) } else { renderer.append("?") }
            }
            renderer.append(" WHERE ")
            renderer.appendWrittenColumn(columns[primaryKey])
            renderer.append(" = ?")
        }
    }
}
