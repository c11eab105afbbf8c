/// The SQL of a record type's row statements and relation queries, rendered by
/// ``SQLRenderer`` like every other statement: columns bound in schema order.
struct RecordStatements {
    let table: String
    let columns: [String]
    let primaryKey: Int

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

    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)`, updating the row with the same key
    /// instead when `upserting`.
    func insert(upserting: Bool) -> String {
        render { renderer in
            renderer.append("INSERT INTO ")
            renderer.appendTable(table)
            renderer.append(" (")
            renderer.appendWrittenColumns(columns)
            renderer.append(") VALUES (")
            renderer.append(Array(repeating: "?", count: columns.count).joined(separator: ", "))
            renderer.append(")")
            guard upserting else { return }
            renderer.append(" ON CONFLICT (")
            renderer.appendWrittenColumn(columns[primaryKey])
            let others = columns.enumerated().filter { $0.offset != primaryKey }.map(\.element)
            guard !others.isEmpty else { return renderer.append(") DO NOTHING") }
            renderer.append(")")
            renderer.appendUpdateFromExcluded(others)
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
