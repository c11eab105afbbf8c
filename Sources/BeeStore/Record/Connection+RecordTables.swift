extension Connection {
    /// Creates the table of `type`, and the tables of its relations, when they are
    /// missing, and adds the columns they lack: what a database with
    /// ``SchemaOwnership/automatic`` does on a type's first use, for a migration to do
    /// explicitly when migrations own the schema. Changes that cannot be made safely (a
    /// column whose type changed, a required column on a table with rows) are refused
    /// with a ``RecordError`` before anything is altered; a table the type's mapping names
    /// is never altered.
    ///
    /// ```swift
    /// try migrator.register(Migration("0001_notes", version: "1") { connection in
    ///     try connection.updateTables(for: Note.self)
    /// })
    /// ```
    public func updateTables<Record: ActiveRecord>(for type: Record.Type) throws {
        try transaction { connection in
            try SchemaSynchronizer.updateTables(of: RecordSchema.of(type), on: connection)
        }
    }
}
