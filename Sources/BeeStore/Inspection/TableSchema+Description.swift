extension TableSchema: CustomStringConvertible {
    /// The table's kind, name and options, then its columns, indexes, foreign keys and
    /// triggers as aligned tables (`(none)` for an empty section), and a view's SQL.
    /// Columns for collations, generated columns and index conditions appear only when
    /// some column or index has one.
    public var description: String {
        let hasCollations = columns.contains { $0.collation != nil }
        let hasGenerated = columns.contains(where: \.isGenerated)
        let columnTable = TextTable(
            headers: ["column", "type", "not null", "default", "primary key"]
                + (hasCollations ? ["collation"] : []) + (hasGenerated ? ["generated as"] : []),
            rows: columns.map { column in
                [
                    column.name, column.declaredType, column.isNotNull ? "yes" : "no", column.defaultSQL ?? "",
                    column.primaryKeyPosition.map(String.init) ?? "",
                ]
                    + (hasCollations ? [column.collation ?? ""] : [])
                    + (hasGenerated
                        ? [column.generation.map { "(\($0.expression)) \($0.isStored ? "STORED" : "VIRTUAL")" } ?? ""] : [])
            })
        let hasConditions = indexes.contains(where: \.isPartial)
        let indexTable = TextTable(
            headers: ["index", "columns", "unique", "origin"] + (hasConditions ? ["where"] : []),
            rows: indexes.map { index in
                [
                    index.name, index.keys.map(\.described).joined(separator: ", "), index.isUnique ? "yes" : "no",
                    index.origin.label,
                ] + (hasConditions ? [index.condition ?? ""] : [])
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
        let viewSection = kind == .view ? ["SQL\n" + (sql ?? "") + ";\n"] : []
        return "\(kind.rawValue) \(name)\(optionsLabel)\n\n" + (sections + [triggerSection] + viewSection).joined(separator: "\n")
    }

    /// ` (STRICT, WITHOUT ROWID)`, ` (module fts5: body)`, or nothing.
    private var optionsLabel: String {
        if let module {
            return " (module \(module)" + (moduleArguments.map { ": " + $0 } ?? "") + ")"
        }
        let options = (isStrict ? ["STRICT"] : []) + (isWithoutRowID ? ["WITHOUT ROWID"] : [])
        return options.isEmpty ? "" : " (" + options.joined(separator: ", ") + ")"
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
