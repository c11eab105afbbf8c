#if PostgreSQL
import BeeStore
import Foundation

/// Cursors on PostgreSQL: a query's rows or records handed one at a time, read from a
/// server cursor a batch at a time, so that memory holds one batch whatever the number of
/// rows (GRDB's `fetchCursor`, Rails' `find_each`). The iteration runs in one read-only
/// snapshot; its body may read the database (on other connections), not write in it.
///
/// ```swift
/// try Member.query().orderAsc("name").forEach(in: db) { member in print(member.name) }
/// try db.from("member").forEach(in: db) { row in print(row[0]) }
/// ```
extension Query {
    /// Calls `body` with each row the `SELECT` returns, in order, as the server cursor
    /// gives them; throwing from `body` stops the iteration.
    public func forEach(in database: PostgreSQLDatabase, _ body: (Row) throws -> Void) throws {
        let statement = try rendered(for: .postgreSQL).selectStatement()
        try database.read { connection in
            try connection.withCursor(over: statement) { nextRows in
                while case let rows = try nextRows(), !rows.isEmpty {
                    try rows.forEach(body)
                }
            }
        }
    }
}

extension RecordQuery {
    /// Calls `body` with each record the query selects, in its order, with the relations
    /// it includes (loaded once per batch of records); throwing from `body` stops the
    /// iteration.
    public func forEach(in database: PostgreSQLDatabase, _ body: (Record) throws -> Void) throws {
        let statement = try recordsStatement(in: .postgreSQL)
        try database.read { connection in
            try connection.withCursor(over: statement) { nextRows in
                try forEach(from: connection, nextRows: { try nextRows().map(\.values) }, body)
            }
        }
    }
}

extension PostgreSQLConnection {
    /// How many rows a cursor reads at a time.
    static let cursorBatchSize = 500

    /// Opens a cursor on the rows `statement` selects, in the transaction open on the
    /// connection, and runs `body` with what reads its next batch of rows (none at the
    /// end); the cursor is closed once `body` returns.
    func withCursor<T>(over statement: SQLStatement, _ body: (_ nextRows: () throws -> [Row]) throws -> T) throws -> T {
        // Unquoted, the name is folded to lower case by every statement alike.
        let name = "beestore_cursor_" + UUID().uuidString.replacingOccurrences(of: "-", with: "_")
        try execute(SQLStatement(sql: ServerStatements.declareCursor(name, for: statement.sql), arguments: statement.arguments))
        let result = try body { try fetchAll(ServerStatements.fetch(Self.cursorBatchSize, from: name)) }
        try execute(ServerStatements.closeCursor(name))
        return result
    }
}
#endif
