import BeeStore
import Foundation
import Testing

@Suite("Statement time limit")
struct StatementTimeLimitTests {
    /// A query that never ends on its own: it counts the rows of an unbounded recursion.
    static let runaway = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r"

    /// A query that does some work and ends: it counts 20,000 recursive rows.
    static let bounded = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 20000) SELECT count(*) FROM r"

    private func database(limit: Duration?, in directory: TemporaryDirectory) throws -> Database {
        var configuration = Configuration()
        configuration.statementTimeLimit = limit
        return try Database(path: directory.path("limited.sqlite"), configuration: configuration)
    }

    @Test("A runaway recursive query is interrupted with a typed error naming its SQL and the limit")
    func runawayQueryIsInterrupted() throws {
        let directory = try TemporaryDirectory()
        let db = try database(limit: .milliseconds(200), in: directory)
        let start = ContinuousClock.now
        let error = #expect(throws: StatementTimeLimitExceeded.self) {
            try db.fetchValue(Int.self, Self.runaway)
        }
        #expect(error?.sql == Self.runaway)
        #expect(error?.timeLimit == .milliseconds(200))
        #expect(error?.description.contains("time limit") == true)
        // Stopped by the limit, not by anything else: well before a minute.
        #expect(ContinuousClock.now - start < .seconds(60))
        // The connection is usable afterwards.
        #expect(try db.fetchValue(Int.self, Self.bounded) == 20000)
    }

    @Test("Each statement has its own clock: many short statements run past the limit in total")
    func eachStatementHasItsOwnClock() throws {
        let directory = try TemporaryDirectory()
        let db = try database(limit: .milliseconds(500), in: directory)
        let start = ContinuousClock.now
        var runs = 0
        while ContinuousClock.now - start < .seconds(1) {
            #expect(try db.fetchValue(Int.self, Self.bounded) == 20000)
            runs += 1
        }
        #expect(runs > 1)
    }

    @Test("A write interrupted by the limit leaves the file as it was")
    func interruptedWriteIsRolledBack() throws {
        let directory = try TemporaryDirectory()
        let db = try database(limit: .milliseconds(200), in: directory)
        try db.execute("CREATE TABLE t (n INTEGER)")
        try db.execute("INSERT INTO t VALUES (1)")
        #expect(throws: StatementTimeLimitExceeded.self) {
            try db.write { connection in
                try connection.execute("INSERT INTO t VALUES (2)")
                try connection.execute("INSERT INTO t " + Self.runaway.replacingOccurrences(of: "count(*)", with: "n"))
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == 1)
    }

    @Test("Without a limit, the default, no statement is interrupted")
    func noLimitByDefault() throws {
        #expect(Configuration().statementTimeLimit == nil)
        let directory = try TemporaryDirectory()
        let db = try database(limit: nil, in: directory)
        #expect(try db.fetchValue(Int.self, Self.bounded) == 20000)
    }

    @Test("A limit of zero or less interrupts every statement that reaches a check")
    func zeroLimitInterrupts() throws {
        let directory = try TemporaryDirectory()
        let db = try database(limit: .zero, in: directory)
        #expect(throws: StatementTimeLimitExceeded.self) {
            try db.fetchValue(Int.self, Self.runaway)
        }
    }

    @Test("Time the caller spends with each row does not count against the limit")
    func timeBetweenRowsIsNotCounted() throws {
        let directory = try TemporaryDirectory()
        let db = try database(limit: .milliseconds(100), in: directory)
        var rows = 0
        try db.read { connection in
            try connection.makeStatement("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 4) SELECT n FROM r")
                .forEachRow { _ in
                    // A slow reader: together, the pauses last three times the limit.
                    Thread.sleep(forTimeInterval: 0.075)
                    rows += 1
                }
        }
        #expect(rows == 4)
        // The time SQLite itself spends still counts.
        #expect(throws: StatementTimeLimitExceeded.self) { try db.fetchValue(Int.self, Self.runaway) }
    }
}
