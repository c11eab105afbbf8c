// SQLite island: the text of a dump is SQL for the `sqlite3` shell, written here as the
// shell reads it, not through the query builder.

extension Inspector {
    /// Writes the whole database as SQL text that the `sqlite3` shell replays into an
    /// identical database: the same schema entries (tables, indexes, views, triggers,
    /// virtual tables, with their `CREATE` statements as stored), the same rows with the
    /// same values and types (reals and text written exactly, see
    /// `SQLLiteral`), the same row ids (kept even for tables without an
    /// `INTEGER PRIMARY KEY`), `sqlite_sequence`, `sqlite_stat1`, `user_version` and
    /// `application_id`. Rows are written as they are read.
    ///
    /// As the shell's own `.dump` does, tables come first with their rows, then indexes,
    /// views and triggers (so that no trigger fires while rows are inserted), all in one
    /// transaction with foreign keys off; a virtual table is entered into the schema as it
    /// is (`PRAGMA writable_schema`), followed by its shadow tables and their rows.
    ///
    /// The shell reads its input line by line and drops the carriage return that ends a
    /// line, so text is written on one line, its carriage returns and line feeds spelled
    /// as the shell's own `.dump` spells them (`replace('a\r\nb','\r',char(13))`, see
    /// `shellTextLiteral(_:)`), and a `CREATE` statement whose lines end with CRLF is
    /// restored as it was stored once the schema is made (`PRAGMA writable_schema`).
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
            var statementsToRestore: [(type: String, name: String, sql: String)] = []
            for row in tables {
                let name = try row.decode(String.self, at: 0)
                let sql = try row.decode(String.self, at: 1)
                if TableKind(type: "table", sql: sql) == .virtualTable {
                    if !wroteVirtualTable { buffer.append("PRAGMA writable_schema=ON;\n") }
                    wroteVirtualTable = true
                    let (literalName, literalSQL) = (Self.shellTextLiteral(name), Self.shellTextLiteral(sql))
                    buffer.append(
                        "INSERT INTO sqlite_master(type,name,tbl_name,rootpage,sql) "
                            + "VALUES('table',\(literalName),\(literalName),0,\(literalSQL));\n")
                    continue
                }
                if sql.utf8.containsLineEndingWithCR { statementsToRestore.append((type: "table", name: name, sql: sql)) }
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
                "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'view', 'trigger') AND sql IS NOT NULL ORDER BY rowid")
            {
                let sql = try row.decode(String.self, at: 2)
                buffer.append(sql + ";\n")
                if sql.utf8.containsLineEndingWithCR {
                    statementsToRestore.append((try row.decode(String.self, at: 0), try row.decode(String.self, at: 1), sql))
                }
                try buffer.flushIfFull()
            }
            if !statementsToRestore.isEmpty {
                buffer.append("PRAGMA writable_schema=ON;\n")
                for entry in statementsToRestore {
                    buffer.append(
                        "UPDATE sqlite_master SET sql=\(Self.shellTextLiteral(entry.sql)) "
                            + "WHERE type='\(entry.type)' AND name=\(Self.shellTextLiteral(entry.name));\n")
                }
                buffer.append("PRAGMA writable_schema=OFF;\n")
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
                case .text(let bytes): buffer.append(shellTextLiteral(Array(bytes)))
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

extension Inspector {
    /// A text literal that the `sqlite3` shell reads back as exactly `bytes`, on one line.
    ///
    /// Text without line breaks is `SQLRenderer.textLiteral(_:)`'s literal (`'it''s'`, or
    /// its bytes cast to text when it holds a NUL or is not UTF-8). As the shell's own
    /// `.dump` does, a carriage return is written as a marker, `\r`, that `replace()` turns
    /// back into `char(13)`, and a line feed as `\n` turned into `char(10)`:
    /// `replace(replace('a\r\nb','\r',char(13)),'\n',char(10))`. When the text holds such
    /// a backslash sequence itself, the markers get as many trailing underscores as it
    /// takes for neither to occur in the text (`\r_`, `\n_`, …), so that `replace()`
    /// finds only the markers: a marker starts with the only backslash it contains, so an
    /// occurrence cannot straddle a marker and the text around it.
    static func shellTextLiteral(_ bytes: [UInt8]) -> String {
        let hasCR = bytes.contains(carriageReturn)
        let hasLF = bytes.contains(lineFeed)
        guard hasCR || hasLF, !bytes.contains(0), bytes.withUnsafeBufferPointer(isValidUTF8) else {
            return SQLRenderer.textLiteral(bytes)
        }
        // The longest run of underscores after a `\r` or `\n` in the text, plus one.
        var padding = 0
        for index in bytes.indices.dropLast()
        where bytes[index] == backslash && (bytes[index + 1] == UInt8(ascii: "r") || bytes[index + 1] == UInt8(ascii: "n")) {
            let run = bytes[(index + 2)...].prefix { $0 == underscore }.count
            padding = max(padding, run + 1)
        }
        let markers = [UInt8(ascii: "r"), UInt8(ascii: "n")].map { [backslash, $0] + Array(repeating: underscore, count: padding) }
        var marked: [UInt8] = []
        marked.reserveCapacity(bytes.count + 8)
        for byte in bytes {
            switch byte {
            case carriageReturn: marked.append(contentsOf: markers[0])
            case lineFeed: marked.append(contentsOf: markers[1])
            default: marked.append(byte)
            }
        }
        var literal = SQLRenderer.textLiteral(marked)
        if hasCR { literal = "replace(\(literal),'\(String(decoding: markers[0], as: UTF8.self))',char(13))" }
        if hasLF { literal = "replace(\(literal),'\(String(decoding: markers[1], as: UTF8.self))',char(10))" }
        return literal
    }

    /// The shell's literal of a string's UTF-8 bytes (see the bytes' `shellTextLiteral(_:)`).
    static func shellTextLiteral(_ text: String) -> String {
        shellTextLiteral(Array(text.utf8))
    }

    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let backslash = UInt8(ascii: "\\")
    private static let underscore = UInt8(ascii: "_")
}

extension String.UTF8View {
    /// Whether a carriage return ends one of the lines: the `sqlite3` shell drops it.
    fileprivate var containsLineEndingWithCR: Bool {
        zip(self, dropFirst()).contains { $0 == UInt8(ascii: "\r") && $1 == UInt8(ascii: "\n") }
    }
}
