// SQLite island: SQLite's ALTER TABLE cannot change a column's type or constraints, so
// SQLite alters a table by its documented rebuild: a new table filled from the old one,
// which then takes its place (PostgreSQL alters columns in place).
extension Connection {
    /// Rebuilds `table` with a new definition, for the changes `ALTER TABLE` cannot make
    /// (a column's type or constraints, a table constraint, dropping a column SQLite
    /// cannot drop), following SQLite's documented procedure: the new table is created
    /// under a temporary name and filled from the old one, the old one is dropped, the
    /// new one takes its name, its indexes and the database's triggers and views are
    /// created again, and every foreign key is checked.
    ///
    /// - Parameters:
    ///   - table: The table to rebuild.
    ///   - definition: The column and constraint definitions of the new table: what goes
    ///     between the parentheses of `CREATE TABLE`.
    ///   - columnValues: SQL expressions over the old table's columns giving some new
    ///     columns their values (`["title": "trim(name)"]`). Other new columns take the
    ///     old column of the same name, or their default when the old table has none.
    ///   - progress: Called as the rows are copied, with the share of the old table's
    ///     row ids copied so far; without it, the rows are copied in one statement.
    ///
    /// Outside a transaction, the rebuild runs in its own, with foreign key enforcement
    /// suspended. Inside a transaction (a migration's) it runs in a savepoint and needs
    /// enforcement to be off already, as migrations have it. Indexes, triggers and views
    /// that do not fit the new definition make it fail; drop them before the rebuild.
    /// Throws a ``TableRebuildError``, a ``ForeignKeyCheckError`` or a ``DatabaseError``,
    /// and then leaves the database unchanged.
    public func rebuildTable(
        _ table: String, definition: String, columnValues: [String: String] = [:],
        progress: ((ProgressReport) -> Void)? = nil
    ) throws {
        guard isInTransaction else {
            return try schemaChangeTransaction {
                try $0.performRebuild(of: table, definition: definition, columnValues: columnValues, progress: progress)
            }
        }
        guard try !enforcesForeignKeys else {
            throw TableRebuildError.foreignKeysEnforced(table: table)
        }
        try transaction {
            try $0.performRebuild(of: table, definition: definition, columnValues: columnValues, progress: progress)
        }
    }

    private func performRebuild(
        of table: String, definition: String, columnValues: [String: String], progress: ((ProgressReport) -> Void)?
    ) throws {
        guard let name = try catalog.entry(named: table, types: ["table"])?.name else {
            throw TableRebuildError.noSuchTable(table)
        }
        // The table's indexes, then every view, then every trigger, each in creation order.
        let entries = try catalog.entriesInCreationOrder()
        let dependents = ["index", "view", "trigger"].flatMap { type in
            entries.filter { $0.type == type && (type != "index" || $0.tableName.isSameSQLName(as: name)) }
        }
        let temporaryName = "beestore_rebuild_" + name
        try execute("CREATE TABLE \(temporaryName.quotedIdentifier) (\(definition))")
        try copyRows(from: name, to: temporaryName, columnValues: columnValues, progress: progress)
        // Views and triggers anywhere may refer to the table: SQLite checks them when the
        // new table is renamed, so they are set aside until it has its final name.
        for dependent in dependents where dependent.type != "index" {
            try execute("DROP \(dependent.type.uppercased()) \(dependent.name.quotedIdentifier)")
        }
        try execute("DROP TABLE \(name.quotedIdentifier)")
        try execute("ALTER TABLE \(temporaryName.quotedIdentifier) RENAME TO \(name.quotedIdentifier)")
        for dependent in dependents {
            try execute(dependent.sql ?? "")
        }
        try checkForeignKeys()
    }

    private func copyRows(
        from table: String, to newTable: String, columnValues: [String: String], progress: ((ProgressReport) -> Void)?
    ) throws {
        let oldColumns = Set(try columnNames(of: table).map(SQLName.init))
        let newColumns = try columnNames(of: newTable)
        let unknown = columnValues.keys.filter { key in !newColumns.contains { $0.isSameSQLName(as: key) } }
        guard unknown.isEmpty else {
            throw TableRebuildError.unknownColumns(table: table, columns: unknown.sorted())
        }
        let assignments: [(column: String, value: String)] = newColumns.compactMap { column in
            if let value = columnValues.first(where: { $0.key.isSameSQLName(as: column) })?.value {
                return (column, value)
            }
            return oldColumns.contains(SQLName(column)) ? (column, column.quotedIdentifier) : nil
        }
        guard !assignments.isEmpty else {
            throw TableRebuildError.nothingToCopy(table: table)
        }
        let columns = assignments.map(\.column.quotedIdentifier).joined(separator: ", ")
        let values = assignments.map(\.value).joined(separator: ", ")
        let copy = "INSERT INTO \(newTable.quotedIdentifier) (\(columns)) SELECT \(values) FROM \(table.quotedIdentifier)"
        guard let progress, let rowID = try rowIDName(of: table)?.quotedIdentifier else { return try execute(copy) }
        // In slices of row ids, in their order (the order of one full scan), reporting each.
        let bounds = try fetchOne("SELECT min(\(rowID)), max(\(rowID)) FROM \(table.quotedIdentifier)")
        guard let first = try bounds?.decode(Int64?.self, at: 0), let last = try bounds?.decode(Int64?.self, at: 1) else {
            return progress(ProgressReport(completedUnitCount: 1, totalUnitCount: 1))
        }
        let slices = RowIDSlices(first: first, last: last, count: Self.copySliceCount)
        for (index, slice) in slices.enumerated() {
            try execute(copy + " WHERE \(rowID) BETWEEN ? AND ?", [slice.lowerBound, slice.upperBound])
            progress(ProgressReport(completedUnitCount: index + 1, totalUnitCount: slices.count))
        }
    }

    /// How many statements copy the rows when the copy reports its progress.
    private static let copySliceCount = 100

    private func columnNames(of table: String) throws -> [String] {
        try catalog.columns(of: table).filter(\.isWritable).map(\.name)
    }
}

extension Database {
    /// Rebuilds `table` with a new definition on the writer: see
    /// ``Connection/rebuildTable(_:definition:columnValues:progress:)``.
    public func rebuildTable(
        _ table: String, definition: String, columnValues: [String: String] = [:],
        progress: ((ProgressReport) -> Void)? = nil
    ) throws {
        try writeWithoutTransaction {
            try $0.rebuildTable(table, definition: definition, columnValues: columnValues, progress: progress)
        }
    }
}

