// SQLite island: what a statement reads is told by SQLite's authorizer as it compiles the
// statement, and the layout of a table (its columns in order, whether it has a row id,
// which column is the row id) is read with PRAGMAs of SQLite's own.
import CSQLite

extension Connection {
    /// The tables and columns `sql` reads, as SQLite's authorizer reports them while it
    /// compiles the statement (views and subqueries included; a table whose rows are
    /// counted but none of whose columns are read, without a column); the statement is not run.
    /// The rows of `table` are restricted to `keys` when one of its names (a column
    /// name, `rowid`) is the table's row id: a filter `key = value` or `key IN (…)` that
    /// every row read passes. A virtual table read counts its shadow tables. The tables
    /// `including` are read, even if SQLite names none of their columns.
    func readRegion(
        of sql: String, including tables: Set<String> = [], table: String? = nil, keys: [String: Set<Int64>] = [:]
    ) throws -> ReadRegion {
        let collector = ReadCollector()
        for table in tables { collector.region.include(table) }
        let context = Unmanaged.passUnretained(collector).toOpaque()
        sqlite3_set_authorizer(handle, { context, action, table, column, _, _ in
            guard let context else { return SQLITE_OK }
            let collector = Unmanaged<ReadCollector>.fromOpaque(context).takeUnretainedValue()
            if AttachRefusal.refuses(action) { return SQLITE_DENY }
            if action == SQLITE_READ, let table {
                // A table read for its rows alone (`count(*)`, `EXISTS`) comes with an empty
                // column name: its inserts and deletes count, not its updates.
                let column = column.map { String(cString: $0) } ?? ""
                if column.isEmpty {
                    collector.region.include(String(cString: table))
                } else {
                    collector.region.insert(column: column, of: String(cString: table))
                }
            }
            return SQLITE_OK
        }, context)
        var statement: OpaquePointer?
        let code = withExtendedLifetime(collector) { sqlite3_prepare_v2(handle, sql, -1, &statement, nil) }
        sqlite3_finalize(statement)
        restoreAuthorizer()
        guard code == SQLITE_OK else { throw DatabaseError(code: ResultCode(rawValue: sqlite3_extended_errcode(handle)), message: lastErrorMessage, sql: sql) }
        var region = collector.region
        for name in region.tables.keys.map(\.bytes) {
            let name = String(decoding: name, as: UTF8.self)
            if try tableKind(of: name)?.type == "virtual" { region.markVirtual(name) }
        }
        if let table, !keys.isEmpty, let rowID = try rowIDNames(of: table) {
            let rows = keys.compactMap { rowID.contains(SQLName($0.key)) ? $0.value : nil }
            if let first = rows.first {
                region.restrict(table, to: RowIDs(rows.dropFirst().reduce(first) { $0.intersection($1) }))
            }
        }
        return region
    }

    /// The connection's own authorizer again, after ``readRegion(of:including:table:keys:)`` used another.
    private func restoreAuthorizer() {
        if let changeTracker {
            changeTracker.installAuthorizer(on: handle)
        } else if !allowsAttach {
            AttachRefusal.install(on: handle)
        } else {
            sqlite3_set_authorizer(handle, nil, nil)
        }
    }

    private var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// The kind of the table `name` (`table`, `view`, `virtual`, `shadow`) and whether it
    /// is a `WITHOUT ROWID` table; nil when SQLite (before 3.37) or the table does not say.
    private func tableKind(of name: String) throws -> (type: String, withoutRowID: Bool)? {
        guard sqlite3_libversion_number() >= 3_037_000,
            let row = try fetchOne("SELECT type, wr FROM pragma_table_list(?)", [name])
        else { return nil }
        return (try row.decode(String.self, at: 0), try row.decode(Bool.self, at: 1))
    }

    /// The names that stand for the row id of the table `name`: `rowid`, `oid` and
    /// `_rowid_` unless a column takes them, and its `INTEGER PRIMARY KEY` column (a
    /// single key column of type `INTEGER`, without an index of its own, which a
    /// descending key has). Nil for a table without row id, a view, or one SQLite does not
    /// describe.
    private func rowIDNames(of name: String) throws -> Set<SQLName>? {
        guard let kind = try tableKind(of: name), kind.type == "table", !kind.withoutRowID else { return nil }
        let columns = try fetchAll("SELECT name, type, pk FROM pragma_table_info(?)", [name])
        var names: Set<SQLName> = [SQLName("rowid"), SQLName("oid"), SQLName("_rowid_")]
        for column in columns { names.remove(SQLName(try column.decode(String.self, at: 0))) }
        let keys = try columns.filter { try $0.decode(Int.self, at: 2) > 0 }
        if keys.count == 1, try SQLName(keys[0].decode(String.self, at: 1)) == SQLName("INTEGER"),
            try fetchValue(Int.self, "SELECT count(*) FROM pragma_index_list(?) WHERE origin = 'pk'", [name]) == 0
        {
            names.insert(SQLName(try keys[0].decode(String.self, at: 0)))
        }
        return names
    }

    /// The changes the transactions committed since the last call made, by table and
    /// column name (see ``ChangeTracker/takeCommitted(schemaVersion:columnNames:)``).
    func takeCommittedChanges() -> DatabaseChanges {
        guard let changeTracker else { return DatabaseChanges() }
        return changeTracker.takeCommitted(
            schemaVersion: { try? fetchValue(Int.self, "PRAGMA schema_version") },
            columnNames: { table in
                try? fetchAll("SELECT name FROM pragma_table_xinfo(?)", [table]).map { try $0.decode(String.self, at: 0) }
            })
    }
}

/// What the authorizer collects while a statement compiles.
private final class ReadCollector {
    var region = ReadRegion()
}
