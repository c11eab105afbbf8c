extension Inspector {
    /// Writes the whole database as SQL text that the `sqlite3` shell replays into an
    /// identical database: the same schema entries (tables, indexes, views, triggers,
    /// virtual tables, with their `CREATE` statements as stored), the same rows with the
    /// same values and types (reals and text written exactly, see
    /// `SQLRenderer.literal(_:)`), the same row ids (kept even for tables without an
    /// `INTEGER PRIMARY KEY`), `sqlite_sequence`, `sqlite_stat1`, `user_version` and
    /// `application_id`. Rows are written as they are read.
    ///
    /// As the shell's own `.dump` does, tables come first with their rows, then indexes,
    /// views and triggers (so that no trigger fires while rows are inserted), all in one
    /// transaction with foreign keys off; a virtual table is entered into the schema as it
    /// is (`PRAGMA writable_schema`), followed by its shadow tables and their rows.
    public func dump(to output: any ByteOutput) throws {
        var buffer = OutputBuffer(output)
        try database.read { connection in
            buffer.append("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
            let tables = try connection.fetchAll(
                """
                SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL
                ORDER BY name = 'sqlite_sequence', rowid
                """)
            var wroteVirtualTable = false
            for row in tables {
                let name = try row.decode(String.self, at: 0)
                let sql = try row.decode(String.self, at: 1)
                if TableKind(type: "table", sql: sql) == .virtualTable {
                    if !wroteVirtualTable { buffer.append("PRAGMA writable_schema=ON;\n") }
                    wroteVirtualTable = true
                    let entry = [Value.text("table"), .text(name), .text(name), .integer(0), .text(sql)]
                    buffer.append(
                        "INSERT INTO sqlite_master(type,name,tbl_name,rootpage,sql) VALUES("
                            + entry.map(SQLRenderer.literal).joined(separator: ",") + ");\n")
                    continue
                }
                switch name {
                case "sqlite_sequence": buffer.append("DELETE FROM sqlite_sequence;\n")
                case "sqlite_stat1": buffer.append("ANALYZE sqlite_master;\n")
                case _ where name.hasPrefix("sqlite_"): continue
                default: buffer.append(sql + ";\n")
                }
                try Self.dumpRows(of: name, in: connection, into: &buffer)
            }
            if wroteVirtualTable { buffer.append("PRAGMA writable_schema=OFF;\n") }
            for row in try connection.fetchAll(
                "SELECT sql FROM sqlite_master WHERE type IN ('index', 'view', 'trigger') AND sql IS NOT NULL ORDER BY rowid")
            {
                buffer.append(try row.decode(String.self, at: 0) + ";\n")
                try buffer.flushIfFull()
            }
            for pragma in ["user_version", "application_id"] {
                let value = try connection.fetchValue(Int64.self, "PRAGMA \(pragma)") ?? 0
                if value != 0 { buffer.append("PRAGMA \(pragma)=\(value);\n") }
            }
            buffer.append("COMMIT;\n")
        }
        try buffer.flush()
    }

    /// Writes an `INSERT` for each row of `table`, its row id included when it is not one
    /// of its columns.
    private static func dumpRows(of table: String, in connection: Connection, into buffer: inout OutputBuffer) throws {
        var columns = try connection.fetchAll(
            "SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0 ORDER BY cid", [table]
        ).map { try $0.decode(String.self, at: 0) }
        if let rowID = try hiddenRowIDName(of: table, columns: columns, in: connection) {
            columns.insert(rowID, at: 0)
        }
        guard !columns.isEmpty else { return }
        var query = Query(database: nil, table: table)
        for column in columns {
            query = query.select(table + "." + column)
        }
        let select = try query.selectStatement()
        let prefix = Array(SQLRenderer.insertPrefix(into: table, columns: columns).utf8)
        try connection.makeStatement(select.sql).forEachCursor(StatementArguments(values: select.arguments)) { row in
            buffer.append(prefix)
            for index in 0..<row.columnCount {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                switch row.value(at: index) {
                case .null: buffer.append("NULL")
                case .integer(let integer): buffer.appendDecimal(integer)
                case .real(let real): buffer.append(SQLLiteral.real(real))
                case .text(let bytes): buffer.append(SQLRenderer.textLiteral(Array(bytes)))
                case .blob(let bytes): buffer.append(SQLLiteral.blob(Array(bytes)))
                }
            }
            buffer.append(Array(");\n".utf8))
            try buffer.flushIfFull()
            return true
        }
    }

    /// The name under which to write the row ids of `table`, when they are not one of its
    /// columns: nil for a `WITHOUT ROWID` table, for a table whose `INTEGER PRIMARY KEY`
    /// is its row id, and for one whose columns take every name of the row id
    /// (`rowid`, `_rowid_`, `oid`).
    private static func hiddenRowIDName(of table: String, columns: [String], in connection: Connection) throws -> String? {
        let isWithoutRowID = try connection.fetchValue(
            Bool.self, "SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?", [table]) ?? false
        guard !isWithoutRowID else { return nil }
        // A primary key that is not the row id has an index of its own.
        let primaryKey = try connection.fetchAll(
            "SELECT type FROM pragma_table_info(?) WHERE pk > 0", [table]).map { try $0.decode(String.self, at: 0) }
        let hasKeyIndex = try connection.fetchOne(
            "SELECT 1 FROM pragma_index_list(?) WHERE origin = 'pk'", [table]) != nil
        if primaryKey.count == 1, primaryKey[0].uppercased() == "INTEGER", !hasKeyIndex { return nil }
        let taken = Set(columns.map(SQLName.init))
        return ["rowid", "_rowid_", "oid"].first { !taken.contains(SQLName($0)) }
    }
}
