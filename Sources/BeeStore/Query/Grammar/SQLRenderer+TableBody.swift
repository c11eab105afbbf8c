/// The body of a `CREATE TABLE` statement, what goes between its parentheses, described
/// column by column and constraint by constraint: what a table rebuild writes for the
/// new table.
struct TableBody {
    /// One column definition.
    struct Column {
        var name: String
        /// The declared type; empty for none.
        var type: String
        var isNotNull: Bool
        /// The default, as SQL (`0`, `'x'`, `CURRENT_TIMESTAMP`, `1 + 2`); nil for none.
        var defaultSQL: String?
        var collation: String?
    }

    /// A foreign key: the columns, the referenced table and columns (none: its primary
    /// key), and the actions.
    struct ForeignKey {
        var columns: [String]
        var table: String
        var referencedColumns: [String]
        var onUpdate: String
        var onDelete: String
    }

    var columns: [Column]
    /// The primary key's columns; one `INTEGER` column is declared on the column itself,
    /// so that it stays the row id's alias.
    var primaryKey: [String]
    var isAutoIncrement: Bool
    var uniqueKeys: [[String]]
    var foreignKeys: [ForeignKey]

    /// The body as SQL.
    var sql: String {
        var renderer = SQLRenderer()
        let inlineKey = primaryKey.count == 1 ? columns.first { $0.name == primaryKey[0] && $0.type.uppercased() == "INTEGER" } : nil
        for (index, column) in columns.enumerated() {
            if index > 0 { renderer.append(", ") }
            renderer.appendIdentifier(column.name)
            if !column.type.isEmpty { renderer.append(" " + column.type) }
            if column.name == inlineKey?.name { renderer.append(isAutoIncrement ? " PRIMARY KEY AUTOINCREMENT" : " PRIMARY KEY") }
            if column.isNotNull { renderer.append(" NOT NULL") }
            // In parentheses: SQLite reports an expression's default without them.
            if let defaultSQL = column.defaultSQL { renderer.append(" DEFAULT (" + defaultSQL + ")") }
            if let collation = column.collation {
                renderer.append(" COLLATE ")
                renderer.appendIdentifier(collation)
            }
        }
        if inlineKey == nil, !primaryKey.isEmpty { renderer.appendKey("PRIMARY KEY", primaryKey) }
        for key in uniqueKeys { renderer.appendKey("UNIQUE", key) }
        for key in foreignKeys {
            renderer.appendKey("FOREIGN KEY", key.columns)
            renderer.append(" REFERENCES ")
            renderer.appendTable(key.table)
            if !key.referencedColumns.isEmpty {
                renderer.append(" (")
                renderer.appendIdentifiers(key.referencedColumns)
                renderer.append(")")
            }
            renderer.append(" ON UPDATE " + key.onUpdate + " ON DELETE " + key.onDelete)
        }
        return renderer.sql
    }
}

extension SQLRenderer {
    /// Appends `, KEYWORDS ("a", "b")`: a table constraint.
    fileprivate mutating func appendKey(_ keywords: String, _ columns: [String]) {
        append(", " + keywords + " (")
        appendIdentifiers(columns)
        append(")")
    }
}
