extension TableSchema: CustomStringConvertible {
    /// The table's kind and name, then its columns, indexes, foreign keys and triggers as
    /// aligned tables (`(none)` for an empty section).
    public var description: String {
        let columnTable = TextTable(
            headers: ["column", "type", "not null", "default", "primary key"],
            rows: columns.map { column in
                [
                    column.name + (column.isGenerated ? " (generated)" : ""), column.declaredType,
                    column.isNotNull ? "yes" : "no", column.defaultSQL ?? "",
                    column.primaryKeyPosition.map(String.init) ?? "",
                ]
            })
        let indexTable = TextTable(
            headers: ["index", "columns", "unique", "origin"],
            rows: indexes.map { index in
                [
                    index.name, index.columns.joined(separator: ", "), index.isUnique ? "yes" : "no",
                    index.origin.label + (index.isPartial ? ", partial" : ""),
                ]
            })
        let foreignKeyTable = TextTable(
            headers: ["columns", "references", "on update", "on delete"],
            rows: foreignKeys.map { key in
                let target = key.referencedColumns.isEmpty ? "" : "(" + key.referencedColumns.joined(separator: ", ") + ")"
                return [key.columns.joined(separator: ", "), key.referencedTable + target, key.onUpdate, key.onDelete]
            })
        let sections = [
            ("Columns", columnTable), ("Indexes", indexTable), ("Foreign keys", foreignKeyTable),
        ].map { title, table in
            title + "\n" + (table.rows.isEmpty ? "(none)\n" : table.rendered())
        }
        let triggerSection = "Triggers\n" + (triggers.isEmpty ? "(none)\n" : triggers.map { $0.sql + ";\n" }.joined())
        return "\(kind.rawValue) \(name)\n\n" + (sections + [triggerSection]).joined(separator: "\n")
    }
}

extension IndexSchema.Origin {
    /// How the schema description names the origin.
    fileprivate var label: String {
        switch self {
        case .createIndex: "CREATE INDEX"
        case .uniqueConstraint: "UNIQUE constraint"
        case .primaryKey: "PRIMARY KEY"
        }
    }
}
