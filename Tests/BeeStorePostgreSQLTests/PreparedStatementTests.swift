#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// A statement that runs again on a connection runs prepared on the server: the same
/// results, values, errors and traces as an unnamed one, and a schema that changes under
/// it does not break it.
@Suite struct PreparedStatementTests {
    /// A fresh database of one connection, so that every call below reuses it.
    private func database(_ configure: (inout PostgreSQLConfiguration) -> Void = { _ in }) throws -> PostgreSQLDatabase {
        try TestServer.freshDatabase { configuration in
            configuration.maximumConnectionCount = 1
            configure(&configuration)
        }
    }

    /// The statements BeeStore holds prepared on the connection whose text contains `text`.
    private func preparedCount(containing text: String, in db: PostgreSQLDatabase) throws -> Int {
        try db.fetchValue(
            Int.self, "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'beestore%' AND strpos(statement, $1) > 0",
            [text]) ?? -1
    }

    private func names(_ rows: [Row]) throws -> [String] {
        try rows.map { try $0.decode(String.self, column: "name") }
    }

    @Test func aStatementRunAgainIsPreparedOnce() throws {
        let db = try database()
        defer { db.close() }
        try db.execute("CREATE TABLE player (id BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        try db.execute("INSERT INTO player VALUES (1, 'Arthur'), (2, 'Maya'), (3, 'Willy')")
        let lookup = "SELECT name FROM player WHERE id = $1"
        #expect(try names(db.fetchAll(lookup, [1])) == ["Arthur"])
        #expect(try preparedCount(containing: "FROM player WHERE id", in: db) == 0)
        #expect(try names(db.fetchAll(lookup, [2])) == ["Maya"])
        #expect(try names(db.fetchAll(lookup, [3])) == ["Willy"])
        #expect(try names(db.fetchAll(lookup, [4])) == [])
        #expect(try preparedCount(containing: "FROM player WHERE id", in: db) == 1)
    }

    @Test func aPreparedChangeCountsItsRows() throws {
        let db = try database()
        defer { db.close() }
        try db.execute("CREATE TABLE account (id BIGINT PRIMARY KEY, team TEXT, balance BIGINT NOT NULL)")
        try db.execute("INSERT INTO account VALUES (1, 'a', 0), (2, 'a', 0), (3, 'b', 0)")
        try db.write { connection in
            for (team, count) in [("a", 2), ("b", 1), ("a", 2), ("c", 0), ("b", 1)] {
                try connection.execute("UPDATE account SET balance = balance + 1 WHERE team = $1", [team])
                #expect(connection.changes == count)
            }
        }
        #expect(try db.fetchAll("SELECT balance FROM account ORDER BY id").map { try $0.decode(Int.self, at: 0) } == [2, 2, 2])
        #expect(try preparedCount(containing: "UPDATE account", in: db) == 1)
    }

    @Test func everyKindOfValueRunsPreparedAsItRunsBound() throws {
        let db = try database()
        defer { db.close() }
        try db.execute(
            """
            CREATE TABLE sample (n BIGINT, x DOUBLE PRECISION, t TEXT, b BYTEA, yes BOOLEAN, u UUID, at TIMESTAMPTZ,
            amount NUMERIC, doc JSONB)
            """)
        // Backslashes are escapes in plain string literals with this setting off.
        try db.execute("SET standard_conforming_strings = off")
        let hostile = [
            "it's", #"back\slash \' and \\"#, "'); DROP TABLE sample; --", "e\u{301}'\u{301}", "🐝 \"quoted\"", "",
        ]
        let bytes = Data([0, 0x27, 0x5C, 0xFF, 0x0A])
        let insert = "INSERT INTO sample VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
        for (index, text) in hostile.enumerated() {
            try db.execute(
                insert,
                [
                    Int64.min + Int64(index), Double.pi * Double(index), text, bytes, index % 2 == 0,
                    UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, Date(timeIntervalSince1970: 1_700_000_000),
                    Decimal(string: "12345678901234567890.123456789")!, #"{"name": "\#(index)"}"#,
                ])
        }
        try db.execute(insert, StatementArguments(values: Array(repeating: .null, count: 9)))
        #expect(try preparedCount(containing: "INSERT INTO sample", in: db) == 1)
        let query = "SELECT n, x, t, b, yes, u, at, amount, doc FROM sample WHERE t = $1"
        for _ in 0..<3 {
            for (index, text) in hostile.enumerated() {
                let rows = try db.fetchAll(query, [text])
                try #require(rows.count == 1)
                let row = rows[0]
                #expect(try row.decode(Int64.self, column: "n") == Int64.min + Int64(index))
                #expect(try row.decode(Double.self, column: "x") == Double.pi * Double(index))
                #expect(try row.decode(String.self, column: "t").unicodeScalars.elementsEqual(text.unicodeScalars))
                #expect(try row.decode(Data.self, column: "b") == bytes)
                #expect(try row.decode(Bool.self, column: "yes") == (index % 2 == 0))
                #expect(try row.decode(UUID.self, column: "u") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
                #expect(try row.decode(Date.self, column: "at") == Date(timeIntervalSince1970: 1_700_000_000))
                #expect(try row.decode(Decimal.self, column: "amount") == Decimal(string: "12345678901234567890.123456789"))
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sample WHERE n IS NULL AND t IS NULL AND doc IS NULL") == 1)
        #expect(try preparedCount(containing: "FROM sample WHERE t", in: db) == 1)
    }

    @Test func textWithNULIsTheServersErrorEveryTime() throws {
        let db = try database()
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        for _ in 0..<3 {
            #expect(throws: PostgreSQLError.self) {
                try db.execute("INSERT INTO note VALUES ($1)", ["before\u{0}after"])
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM note") == 0)
    }

    @Test func aStatementThatFailsToPrepareFailsAsItWouldUnprepared() throws {
        let db = try database()
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        for _ in 0..<3 {
            let error = #expect(throws: PostgreSQLError.self) {
                _ = try db.fetchAll("SELECT missing FROM note WHERE body = $1", ["x"])
            }
            #expect(error?.sqlState == "42703")
            #expect(error?.sql == "SELECT missing FROM note WHERE body = $1")
        }
        // The same failure inside a transaction ends it whole.
        #expect(throws: PostgreSQLError.self) {
            try db.write { connection in
                try connection.execute("INSERT INTO note VALUES ($1)", ["undone"])
                _ = try connection.fetchAll("SELECT missing FROM note WHERE body = $1", ["x"])
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM note") == 0)
    }

    @Test func aChangeOfSchemaOnTheConnectionLetsItsStatementsGo() throws {
        let db = try database()
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        try db.execute("INSERT INTO note VALUES ('first')")
        for _ in 0..<2 { #expect(try db.fetchAll("SELECT * FROM note").first?.count == 1) }
        try db.write { connection in
            #expect(try connection.fetchAll("SELECT * FROM note").first?.count == 1)
            try connection.execute("ALTER TABLE note ADD COLUMN extra TEXT DEFAULT 'x'")
            // In the same transaction, after the change: the statement's new columns.
            #expect(try connection.fetchAll("SELECT * FROM note").first?.columnNames == ["body", "extra"])
        }
        let row = try #require(try db.fetchAll("SELECT * FROM note").first)
        #expect(row.columnNames == ["body", "extra"])
        #expect(try row.decode(String.self, column: "extra") == "x")
    }

    @Test func anotherServersChangeOfColumnsIsRunAgainOutsideATransaction() throws {
        let url = try TestServer.freshDatabaseURL()
        var configuration = try PostgreSQLConfiguration(url: url)
        configuration.maximumConnectionCount = 1
        let db = try PostgreSQLDatabase(configuration: configuration)
        defer { db.close() }
        let other = try PostgreSQLDatabase(url: url)
        defer { other.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        try db.execute("INSERT INTO note VALUES ('first')")
        for _ in 0..<2 { #expect(try db.fetchAll("SELECT * FROM note").first?.count == 1) }

        try other.execute("ALTER TABLE note ADD COLUMN extra TEXT DEFAULT 'x'")
        #expect(try db.fetchAll("SELECT * FROM note").first?.count == 2)
        for _ in 0..<2 { #expect(try db.fetchAll("SELECT * FROM note").first?.count == 2) }

        // Inside a transaction the server's refusal ended the transaction: a transient
        // error of the caller's, which `retrying` runs again.
        try other.execute("ALTER TABLE note ADD COLUMN more TEXT DEFAULT 'y'")
        let error = #expect(throws: PostgreSQLError.self) {
            try db.write { connection in _ = try connection.fetchAll("SELECT * FROM note") }
        }
        #expect(error?.sqlState == "0A000")
        #expect(error?.isTransient == true)
        for _ in 0..<2 { #expect(try db.fetchAll("SELECT * FROM note").first?.count == 3) }
        try other.execute("ALTER TABLE note DROP COLUMN more")
        let attempts = OutcomeList<Int>()
        let columns = try db.retrying {
            try db.write { connection in
                attempts.append(1)
                return try connection.fetchAll("SELECT * FROM note").first?.count
            }
        }
        #expect(columns == 2)
        #expect(attempts.values.count == 2)
    }

    @Test func theAppsOwnDeallocateBreaksNothing() throws {
        let db = try database()
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        try db.execute("INSERT INTO note VALUES ('kept')")
        let query = "SELECT body FROM note WHERE body = $1"
        for _ in 0..<2 { #expect(try db.fetchAll(query, ["kept"]).count == 1) }
        try db.execute("DEALLOCATE ALL")
        #expect(try preparedCount(containing: "FROM note", in: db) == 0)
        for _ in 0..<3 { #expect(try db.fetchAll(query, ["kept"]).count == 1) }
        #expect(try preparedCount(containing: "FROM note", in: db) == 1)
    }

    @Test func aConnectionHoldsAtMostAHundredPreparedStatements() throws {
        let db = try database()
        defer { db.close() }
        for round in 0..<2 {
            for number in 0..<130 {
                #expect(try db.fetchValue(Int.self, "SELECT $1::bigint + \(number)", [round]) == round + number)
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'beestore%'") == 100)
        // The first ones, let go to make room, run again.
        for number in 0..<5 {
            #expect(try db.fetchValue(Int.self, "SELECT $1::bigint + \(number)", [7]) == 7 + number)
        }
    }

    @Test func aTraceShowsTheStatementNotHowItIsPrepared() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try database { $0.trace = { trace.append($0) } }
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        for body in ["a", "b", "c"] { try db.execute("INSERT INTO note VALUES ($1)", [body]) }
        #expect(trace.values.map(\.sql) == [
            "CREATE TABLE note (body TEXT)", "INSERT INTO note VALUES ('a')", "INSERT INTO note VALUES ('b')",
            "INSERT INTO note VALUES ('c')",
        ])
    }
}
#endif
