extension Connection {
    /// Adds the fields of `definition` as new columns of its existing table (and creates
    /// its indexes), after checking that this SQLite reads each real default back as
    /// exactly its value: `ALTER TABLE … ADD COLUMN` takes a default only as a constant,
    /// so a real is written as its shortest decimal, which some versions of SQLite
    /// read inexactly in rare cases. Such a default is a
    /// ``QueryError/inexactDefault(table:column:value:read:)``, and nothing is added.
    func addColumns(_ definition: TableDefinition) throws {
        let statements = try definition.addColumnStatements()
        for field in definition.fields {
            guard case .real(let value)? = field.defaultValue, value.isFinite else { continue }
            let text = Value.text(SQLLiteral.constant(value))
            let read = try fetchValue(Double.self, Query.readingNoTable([.cast(.value(text), as: .real)]).selectStatement())
            guard read?.bitPattern == value.bitPattern else {
                // A field named `table.column` is that column of the table.
                let prefix = definition.name + "."
                let column = field.name.hasPrefix(prefix) ? String(field.name.dropFirst(prefix.count)) : field.name
                throw QueryError.inexactDefault(table: definition.name, column: column, value: value, read: read)
            }
        }
        for statement in statements { try execute(statement) }
    }
}
