#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Swift values through PostgreSQL's native column types, and back.
@Suite struct ValueTypesTests {
    @Test func everyNativeTypeRoundTrips() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("""
            CREATE TABLE sample (
                whole BIGINT, small INTEGER, ratio DOUBLE PRECISION, flag BOOLEAN, label TEXT, bytes BYTEA,
                moment TIMESTAMPTZ, identifier UUID, amount NUMERIC(20, 4), document JSONB, nothing TEXT)
            """)
        let moment = Date(timeIntervalSince1970: 1_700_000_000.123)
        let identifier = UUID()
        let amount = Decimal(string: "12345678901234.5678")!
        let bytes = Data([0, 1, 0xFF, 0x5C, 0x27])
        let label = "l'été 中文 🐝 \"quoted\" e\u{301}"
        try db.execute(
            "INSERT INTO sample VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            [Int64.max, 42, 0.1, true, label, bytes, moment, identifier, amount, #"{"tags": ["a", "b"]}"#, nil])
        let row = try #require(try db.fetchOne("SELECT * FROM sample"))
        #expect(try row.decode(Int64.self, column: "whole") == Int64.max)
        #expect(try row.decode(Int.self, column: "small") == 42)
        #expect(try row.decode(Double.self, column: "ratio") == 0.1)
        #expect(try row.decode(Bool.self, column: "flag"))
        #expect(try row.decode(String.self, column: "label") == label)
        #expect(try row.decode(Data.self, column: "bytes") == bytes)
        #expect(try row.decode(Date.self, column: "moment") == moment)
        #expect(try row.decode(UUID.self, column: "identifier") == identifier)
        #expect(try row.decode(Decimal.self, column: "amount") == amount)
        let document = try row.decode(String.self, column: "document")
        #expect(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: [String]] == ["tags": ["a", "b"]])
        #expect(try row.decode(String?.self, column: "nothing") == nil)
    }

    @Test func specialDoublesRoundTrip() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE reading (value DOUBLE PRECISION)")
        for value in [Double.infinity, -Double.infinity, 1e-300, -0.0, 123456789.123456789] {
            try db.execute("INSERT INTO reading VALUES ($1)", [value])
        }
        try db.execute("INSERT INTO reading VALUES ($1)", [Double.nan])
        let values = try db.fetchAll("SELECT value FROM reading").map { try $0.decode(Double.self, at: 0) }
        #expect(Array(values.prefix(5)) == [Double.infinity, -Double.infinity, 1e-300, -0.0, 123456789.123456789])
        #expect(values.last?.isNaN == true)
    }

    @Test func aValueOfTheWrongTypeIsTheServersTypedError() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE sample (whole BIGINT, identifier UUID)")
        #expect {
            try db.execute("INSERT INTO sample (whole) VALUES ($1)", ["twelve"])
        } throws: { error in
            (error as? PostgreSQLError)?.sqlState == "22P02"
        }
        #expect {
            try db.execute("INSERT INTO sample (identifier) VALUES ($1)", ["not-a-uuid"])
        } throws: { error in
            (error as? PostgreSQLError)?.sqlState == "22P02"
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sample") == 0)
    }

    @Test func aTypeBeeStoreDoesNotConvertIsNamed() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        #expect {
            try db.fetchAll("SELECT ARRAY[1, 2] AS pair")
        } throws: { error in
            let error = error as? PostgreSQLError
            return error?.kind == .unsupportedType && error?.message.contains("pair") == true
        }
        #expect(try db.fetchValue(String.self, "SELECT ARRAY[1, 2]::text") == "{1,2}")
    }

    @Test func constraintViolationsCarryTheirCodes() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        try db.execute("CREATE TABLE team (id BIGINT PRIMARY KEY)")
        try db.execute("CREATE TABLE player (id BIGINT PRIMARY KEY, team_id BIGINT NOT NULL REFERENCES team (id))")
        try db.execute("INSERT INTO team VALUES (1)")
        let cases: [(StatementArguments, ResultCode)] = [
            ([1, 7], .foreignKeyConstraint), ([1, nil], .notNullConstraint),
        ]
        for (arguments, code) in cases {
            #expect {
                try db.execute("INSERT INTO player VALUES ($1, $2)", arguments)
            } throws: { error in
                (error as? PostgreSQLError)?.resultCode == code
            }
        }
        #expect {
            try db.execute("INSERT INTO team VALUES (1)")
        } throws: { error in
            (error as? PostgreSQLError)?.resultCode == .uniqueConstraint
        }
        #expect {
            try db.execute("SELEC 1")
        } throws: { error in
            let error = error as? PostgreSQLError
            return error?.sqlState == "42601" && error?.sql == "SELEC 1"
        }
    }
}
#endif
