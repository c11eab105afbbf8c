/// The statements inspection writes (to import rows, and in a dump), rendered by the one
/// renderer. Names are quoted as they are: a column name holding a dot stays one name.
extension SQLRenderer {
    /// `CREATE TABLE "table" ("a" INTEGER, "b")` (an empty type declares none).
    static func createTable(_ table: String, columns: [(name: String, type: String)]) -> String {
        var renderer = SQLRenderer()
        renderer.append("CREATE TABLE ")
        renderer.appendTable(table)
        renderer.append(" (")
        for (index, column) in columns.enumerated() {
            if index > 0 { renderer.append(", ") }
            renderer.appendIdentifier(column.name)
            if !column.type.isEmpty { renderer.append(" " + column.type) }
        }
        renderer.append(")")
        return renderer.sql
    }

    /// `INSERT INTO "table"("a","b") VALUES(`, to be followed by values and `)`.
    static func insertPrefix(into table: String, columns: [String]) -> String {
        var renderer = SQLRenderer()
        renderer.append("INSERT INTO ")
        renderer.appendTable(table)
        renderer.append("(")
        for (index, column) in columns.enumerated() {
            if index > 0 { renderer.append(",") }
            renderer.appendIdentifier(column)
        }
        renderer.append(") VALUES(")
        return renderer.sql
    }

    /// `INSERT INTO "table"("a","b") VALUES(?,?)`, or `INSERT INTO "table" DEFAULT VALUES`
    /// without columns.
    static func insert(into table: String, columns: [String]) -> String {
        guard !columns.isEmpty else {
            var renderer = SQLRenderer()
            renderer.append("INSERT INTO ")
            renderer.appendTable(table)
            renderer.append(" DEFAULT VALUES")
            return renderer.sql
        }
        return insertPrefix(into: table, columns: columns) + Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
    }
}
