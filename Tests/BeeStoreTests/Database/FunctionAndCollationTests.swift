import Foundation
import Testing

@testable import BeeStore

/// SQL functions and collations written in Swift, added to every connection by the
/// configuration's set-up hook.
@Suite("SQL functions and collations in Swift")
struct FunctionAndCollationTests {
    struct Product: DatabaseAggregate {
        var product = 1.0
        mutating func step(_ arguments: [Value]) throws {
            product *= try Double(databaseValue: arguments[0])
        }
        func finish() -> (any DatabaseValueConvertible)? { product }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused by Swift" }
    }

    /// Counts its rows, and fails on a negative one.
    struct Checked: DatabaseAggregate {
        var count = 0
        mutating func step(_ arguments: [Value]) throws {
            if try Double(databaseValue: arguments[0]) < 0 { throw Refused() }
            count += 1
        }
        func finish() -> (any DatabaseValueConvertible)? { count }
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.prepareConnection = { connection in
            try connection.add(DatabaseFunction("initials", isDeterministic: true) { (name: String) in
                String(name.split(separator: " ").compactMap(\.first))
            })
            try connection.add(DatabaseFunction("scaled") { (value: Double, factor: Int) in value * Double(factor) })
            try connection.add(DatabaseFunction("arguments") { arguments in arguments.map(\.storageClassName).joined(separator: ",") })
            try connection.add(DatabaseFunction("refuse", argumentCount: 0) { _ -> Int? in throw Refused() })
            try connection.add(DatabaseFunction("product", argumentCount: 1, aggregate: { Product() }))
            try connection.add(DatabaseFunction("checked_count", argumentCount: 1, aggregate: { Checked() }))
            try connection.add(DatabaseCollation.localized)
            try connection.add(DatabaseCollation.localizedCaseInsensitive)
            try connection.add(DatabaseCollation("by_length") { left, right in
                left.unicodeScalars.count == right.unicodeScalars.count
                    ? .orderedSame : left.unicodeScalars.count < right.unicodeScalars.count ? .orderedAscending : .orderedDescending
            })
        }
        return configuration
    }

    @Test func scalarFunctionsTakeTypedOrRawArguments() throws {
        let db = try Database.inMemory(configuration: Self.configuration())
        #expect(try db.fetchValue(String.self, "SELECT initials('Ada Lovelace')") == "AL")
        #expect(try db.fetchValue(Double.self, "SELECT scaled(1.5, 4)") == 6)
        #expect(try db.fetchValue(String.self, "SELECT arguments(1, 2.5, 'x', NULL, x'00')") == "integer,real,text,null,blob")
        #expect(try db.fetchValue(String.self, "SELECT arguments()") == "")
        // Through the builder, as any function.
        try db.execute("CREATE TABLE person (name TEXT)")
        try db.from("person").insert(rows: [["name": "Grace Hopper"], ["name": "Alan Turing"]])
        let initials = try db.from("person").select(.function("initials", .column("name"))).order(by: "name").get()
        #expect(try initials.map { try $0.decode(String.self, at: 0) } == ["AT", "GH"])
    }

    @Test func aThrowingFunctionOrAWrongArgumentFailsTheStatementWithItsMessage() throws {
        let db = try Database.inMemory(configuration: Self.configuration())
        let thrown = #expect(throws: DatabaseError.self) { try db.fetchValue(Int.self, "SELECT refuse()") }
        #expect(thrown?.message.contains("refused by Swift") == true)
        let converted = #expect(throws: DatabaseError.self) { try db.fetchValue(String.self, "SELECT initials(42)") }
        #expect(converted?.message.isEmpty == false)
        #expect(throws: DatabaseError.self) { try db.fetchValue(String.self, "SELECT initials('a', 'b')") }
        // The connection is still usable.
        #expect(try db.fetchValue(String.self, "SELECT initials('Edsger Dijkstra')") == "ED")
    }

    @Test func aggregatesRunPerGroupAndReportTheirErrors() throws {
        let db = try Database.inMemory(configuration: Self.configuration())
        try db.execute(script: """
            CREATE TABLE sale (region TEXT, growth REAL);
            INSERT INTO sale VALUES ('north', 2), ('north', 1.5), ('south', 4), ('south', -1);
            """)
        let rows = try db.fetchAll("SELECT region, product(growth) FROM sale GROUP BY region ORDER BY region")
        #expect(try rows.map { try $0.decode(Double.self, at: 1) } == [3, -4])
        #expect(try db.fetchValue(Double.self, "SELECT product(growth) FROM sale WHERE growth > 100") == 1, "no rows: a new aggregate's result")
        #expect(try db.fetchValue(Int.self, "SELECT checked_count(growth) FROM sale WHERE growth > 0") == 3)
        let error = #expect(throws: DatabaseError.self) { try db.fetchValue(Int.self, "SELECT checked_count(growth) FROM sale") }
        #expect(error?.message.contains("refused by Swift") == true)
    }

    @Test func everyConnectionHasThemReadersIncluded() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("functions.sqlite"), configuration: Self.configuration())
        try db.execute("CREATE TABLE t (name TEXT)")
        try db.from("t").set("name", "Barbara Liskov").insert()
        // Readers in parallel: each runs on a reader connection of its own.
        let results = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask { try db.read { try $0.fetchValue(String.self, "SELECT initials(name) FROM t") } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: "BL", count: 8))
    }

    @Test func aFailingSetUpHookFailsTheOpening() throws {
        var configuration = Configuration()
        configuration.prepareConnection = { _ in throw Refused() }
        #expect(throws: Refused.self) { try Database.inMemory(configuration: configuration) }
    }

    @Test func aSlowFunctionIsStoppedByTheStatementTimeLimit() throws {
        var configuration = Self.configuration()
        configuration.statementTimeLimitInterval = 0.2
        let db = try Database.inMemory(configuration: configuration)
        // Unbounded: only the limit ends it.
        #expect(throws: StatementTimeLimitExceeded.self) {
            try db.fetchValue(Int.self, """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
                SELECT count(*) FROM n WHERE initials('x y ' || i) = 'zz'
                """)
        }
        #expect(try db.fetchValue(String.self, "SELECT initials('still here')") == "sh")
    }

    @Test func collationsOrderQueriesAndColumns() throws {
        let db = try Database.inMemory(configuration: Self.configuration())
        try db.table("word").field("text", .text).collate("localized_nocase").create()
        #expect(try db.fetchValue(String.self, "SELECT sql FROM sqlite_master WHERE name = 'word'")
            == #"CREATE TABLE "word" ("text" TEXT COLLATE "localized_nocase")"#)
        let words = ["file10", "File2", "éclair", "eclair", "zebra", "Apple"]
        try db.from("word").insert(rows: words.map { ["text": $0] })
        // The column's collation: case ignored, digits by value.
        let ordered = try db.from("word").select("text").order(by: "text").get().map { try $0.decode(String.self, at: 0) }
        #expect(ordered.firstIndex(of: "File2")! < ordered.firstIndex(of: "file10")!)
        #expect(ordered.first == "Apple" && ordered.last == "zebra")
        // A collation named in a query.
        let byLength = try db.from("word").select("text").order(by: .column("text").collate("by_length")).order(by: "rowid").get()
        // The shortest first, ties in insertion order.
        #expect(try byLength.map { try $0.decode(String.self, at: 0) }.prefix(3) == ["File2", "zebra", "Apple"])
        #expect(try db.from("word").where(.column("text").collate("localized_nocase") == "APPLE").count() == 1)
        // An unknown collation is SQLite's error.
        #expect(throws: DatabaseError.self) { try db.from("word").order(by: .column("text").collate("missing")).get() }
    }
}
