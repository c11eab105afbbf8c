extension Connection {
    /// A name that refers to the row id of `table`: its `INTEGER PRIMARY KEY` column (the
    /// row id's alias), else the first of `rowid`, `_rowid_` and `oid` that no column of
    /// it takes; nil for a table without row ids, or whose columns take all three.
    func rowIDName(of table: String) throws -> String? {
        guard try !catalog.options(of: table).isWithoutRowID else { return nil }
        let columns = try catalog.columns(of: table)
        let key = columns.filter { $0.primaryKeyPosition != nil }
        if key.count == 1, let column = key.first, column.declaredType.uppercased() == "INTEGER" { return column.name }
        let names = Set(columns.map { SQLName($0.name) })
        return ["rowid", "_rowid_", "oid"].first { !names.contains(SQLName($0)) }
    }
}
