extension RecordSchema {
    /// The column that `name` names: a column's name, or the coding key of the property
    /// it stores (`"author"` for the belongs-to column `author_id`), names compared as
    /// SQLite compares them when nothing matches exactly; else
    /// ``RecordError/unknownColumn(record:column:)``.
    func column(named name: String) throws -> Column {
        if let column = columns.first(where: { $0.name == name }) { return column }
        if let index = columnIndexByKey[name] { return columns[index] }
        let folded = name.lowercased()
        if let column = columns.first(where: { $0.name.lowercased() == folded }) { return column }
        throw RecordError.unknownColumn(record: recordName, column: name)
    }
}
