extension RecordSchema {
    /// The name of the column that `name` names, by the rule record queries follow
    /// (``columnReferences``: a column's name, or the coding key of the property it
    /// stores, as SQLite compares names); else ``RecordError/unknownColumn(record:column:)``.
    func columnName(for name: String) throws -> String {
        guard let column = columnReferences.columns[SQLRenderer.asciiLowercased(name)] else {
            throw RecordError.unknownColumn(record: recordName, column: name)
        }
        return column
    }
}
