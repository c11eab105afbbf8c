// PostgreSQL island: questions to the server's catalog (information_schema), a column's
// change to TIMESTAMP and an identity sequence's move, which the query builder does not
// render. Names are quoted here; values are bound.
#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

extension PostgreSQLDatabase {
    /// The names of the tables of the current schema.
    func tableNames() throws -> [String] {
        try fetchAll(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1"
        ).map { try $0.decode(String.self, at: 0) }
    }

    /// Every column of the current schema's tables, with its type and whether it takes NULL:
    /// one line each, in table and column order.
    func columnsDescription() throws -> String {
        try fetchAll(
            """
            SELECT table_name::text || '.' || column_name::text || ' ' || data_type::text || ' ' || is_nullable::text \
            FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position
            """
        ).map { try $0.decode(String.self, at: 0) }.joined(separator: "\n")
    }
}

extension PostgreSQLConnection {
    /// Changes a text column to `TIMESTAMP` (without time zone: the sample's dates have none).
    func changeToTimestamp(_ column: String, of table: String) throws {
        try execute("ALTER TABLE \(quoted(table)) ALTER COLUMN \(quoted(column)) TYPE TIMESTAMP USING \(quoted(column))::timestamp")
    }

    /// Moves the sequence of `table`'s identity column so that the next key is `past + 1`.
    func moveIdentity(of table: String, column: String, past key: Int64) throws {
        _ = try fetchAll("SELECT setval(pg_get_serial_sequence($1, $2), $3)", [quoted(table), column, key])
    }

    /// `name` as a quoted identifier, its double quotes doubled (scalar by scalar).
    private func quoted(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append("\"")
        for scalar in name.unicodeScalars {
            scalars.append(scalar)
            if scalar == "\"" { scalars.append(scalar) }
        }
        scalars.append("\"")
        return String(scalars)
    }
}
#endif
