/// The statements inspection writes (to import rows, and in a dump), rendered by the one
/// renderer. Names are quoted as they are: a column name holding a dot stays one name.
extension SQLRenderer {
    /// `CREATE TABLE "table" ("a" INTEGER, "b", PRIMARY KEY ("a"))` (an empty type
    /// declares none; no primary key clause without key columns).
    static func createTable(_ table: String, columns: [(name: String, type: String)], primaryKey: [String] = []) -> String {
        var renderer = SQLRenderer()
        renderer.append("CREATE TABLE ")
        renderer.appendTable(table)
        renderer.append(" (")
        for (index, column) in columns.enumerated() {
            if index > 0 { renderer.append(", ") }
            renderer.appendColumnDefinition(column)
        }
        if !primaryKey.isEmpty {
            renderer.append(", PRIMARY KEY (")
            renderer.appendIdentifiers(primaryKey)
            renderer.append(")")
        }
        renderer.append(")")
        return renderer.sql
    }

    /// `ALTER TABLE "table" ADD COLUMN "a" INTEGER` (an empty type declares none).
    static func addColumn(_ column: (name: String, type: String), to table: String) -> String {
        var renderer = SQLRenderer()
        renderer.append("ALTER TABLE ")
        renderer.appendTable(table)
        renderer.append(" ADD COLUMN ")
        renderer.appendColumnDefinition(column)
        return renderer.sql
    }

    /// Appends a column's name and its declared type, when it has one.
    private mutating func appendColumnDefinition(_ column: (name: String, type: String)) {
        appendIdentifier(column.name)
        if !column.type.isEmpty { append(" " + column.type) }
    }

    /// `INSERT INTO "table"("a","b") VALUES(`, to be followed by values and `)`.
    static func insertPrefix(into table: String, columns: [String]) -> String {
        var renderer = SQLRenderer()
        renderer.append("INSERT INTO ")
        renderer.appendTable(table)
        renderer.append("(")
        renderer.appendIdentifiers(columns)
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

    /// ``insert(into:columns:)`` followed by `ON CONFLICT ("k") DO NOTHING`, or, with
    /// columns to update, by `ON CONFLICT ("k") DO UPDATE SET "a"=excluded."a"`.
    static func insert(into table: String, columns: [String], onConflictOf key: [String], updating: [String]) -> String {
        var renderer = SQLRenderer()
        renderer.append(insert(into: table, columns: columns))
        renderer.append(" ON CONFLICT (")
        renderer.appendIdentifiers(key)
        guard !updating.isEmpty else {
            renderer.append(") DO NOTHING")
            return renderer.sql
        }
        renderer.append(") DO UPDATE SET ")
        for (index, column) in updating.enumerated() {
            if index > 0 { renderer.append(",") }
            renderer.appendIdentifier(column)
            renderer.append("=excluded.")
            renderer.appendIdentifier(column)
        }
        return renderer.sql
    }

    /// Appends identifiers separated by commas, each one name as it is.
    mutating func appendIdentifiers(_ names: [String]) {
        for (index, name) in names.enumerated() {
            if index > 0 { append(",") }
            appendIdentifier(name)
        }
    }
}
