#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import InMemoryLogging
import Logging
import Testing

@Suite struct TracingTests {
    /// A fresh database whose statements reach `trace` and, when given, `log` at its level.
    private func database(
        trace: OutcomeList<TracedStatement>? = nil, log: InMemoryLogHandler? = nil, showingValues: Bool = true,
        slowAfter threshold: TimeInterval = 3600
    ) throws -> PostgreSQLDatabase {
        try TestServer.freshDatabase { configuration in
            if let trace { configuration.trace = { trace.append($0) } }
            if let log { configuration.logger = Logger(label: "beestore.tests") { _ in log } }
            configuration.traceShowsValues = showingValues
            configuration.slowStatementThresholdInterval = threshold
        }
    }

    /// A log handler that keeps each entry (postgres-nio's own among them), from `level` up.
    private func recordingLog(from level: Logger.Level) -> InMemoryLogHandler {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        return handler
    }

    @Test func tracingIsOffByDefaultAndCostsNothing() throws {
        let configuration = try TestServer.configuration()
        #expect(configuration.trace == nil && configuration.logger == nil)
        #expect(configuration.traceShowsValues)
        #expect(configuration.slowStatementThresholdInterval == 0.1)
        #expect(
            StatementReporter(hook: nil, logger: nil, slowStatementThreshold: 0.1, showsValues: true) == nil,
            "no reporter, so no clock is read and no SQL is written")
    }

    @Test @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func theSlowStatementThresholdIsADurationToo() throws {
        var configuration = try TestServer.configuration()
        configuration.slowStatementThreshold = .milliseconds(250)
        #expect(configuration.slowStatementThresholdInterval == 0.25)
        #expect(configuration.slowStatementThreshold == .milliseconds(250))
    }

    @Test func theTraceSeesEveryStatementOfTransactionsAndSavepoints() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try database(trace: trace)
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT)")
        struct Abandon: Error {}
        try db.transaction { connection in
            try connection.execute("INSERT INTO note (body) VALUES ($1)", ["kept"])
            #expect(throws: Abandon.self) {
                try connection.transaction { inner in
                    try inner.execute("INSERT INTO note (body) VALUES ($1)", ["undone"])
                    throw Abandon()
                }
            }
            let inserted = try connection.transaction { _ in
                try db.from("note").set("body", "nested").insert(in: db)
            }
            #expect(inserted == 1)
        }
        #expect(try db.fetchAll("SELECT body FROM note ORDER BY body").count == 2)

        let sql = trace.values.map(\.sql)
        #expect(sql.first == "CREATE TABLE note (body TEXT)", "\(sql)")
        #expect(
            Array(sql.dropFirst()) == [
                "BEGIN",
                "INSERT INTO note (body) VALUES ('kept')",
                "SAVEPOINT beestore_savepoint_1",
                "INSERT INTO note (body) VALUES ('undone')",
                "ROLLBACK TO SAVEPOINT beestore_savepoint_1",
                "SAVEPOINT beestore_savepoint_1",
                "INSERT INTO \"note\" (\"body\") VALUES ('nested')",
                "RELEASE SAVEPOINT beestore_savepoint_1",
                "COMMIT",
                "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
                "SELECT body FROM note ORDER BY body",
                "COMMIT",
            ], "\(sql)")
        #expect(trace.values.allSatisfy { $0.durationInterval >= 0 })
    }

    /// Text that escaping by `Character` or by hand would get wrong: quotes, a quote with
    /// a combining mark after it (one `Character`, two scalars), backslashes (which a
    /// standard PostgreSQL string keeps), a `$1` and a comment marker inside the value.
    private static let hostileTexts = [
        "O'Hare", "e'\u{301}s", "'; DROP TABLE note; --", "back\\slash\\'", "🐝 Ω ß 漢字 $1 /* */", "",
    ]

    @Test func shownValuesAreLiteralsThatRunAsTheStatementRan() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try database(trace: trace)
        defer { db.close() }
        try db.execute("CREATE TABLE note (body TEXT, data BYTEA, score DOUBLE PRECISION, rank BIGINT)")
        let bytes = Data([0x00, 0xFF, 0x27, 0x5C, 0x24])
        for text in Self.hostileTexts {
            try db.execute("INSERT INTO note (body, data, score, rank) VALUES ($1, $2, $3, $4)", [text, bytes, 0.1, nil])
        }
        let inserts = trace.values.map(\.sql).filter { $0.hasPrefix("INSERT") }
        #expect(inserts.count == Self.hostileTexts.count)
        #expect(
            inserts.first
                == "INSERT INTO note (body, data, score, rank) VALUES ('O''Hare', CAST('\\x00FF275C24' AS BYTEA), CAST('0.1' AS DOUBLE PRECISION), NULL)")
        #expect(inserts.contains("INSERT INTO note (body, data, score, rank) VALUES ('e''\u{301}s', CAST('\\x00FF275C24' AS BYTEA), CAST('0.1' AS DOUBLE PRECISION), NULL)"))

        // Each traced statement, run as it is, stores the very same values again.
        for insert in inserts { try db.execute(insert) }
        let rows = try db.fetchAll("SELECT body, data, score, rank FROM note")
        #expect(rows.count == 2 * Self.hostileTexts.count)
        for text in Self.hostileTexts {
            let copies = try rows.filter { try $0.decode(String.self, column: "body") == text }
            #expect(copies.count == 2, "\(text) is stored twice")
        }
        for row in rows {
            #expect(try row.decode(Data.self, column: "data") == bytes)
            #expect(try row.decode(Double.self, column: "score") == 0.1)
            #expect(row["rank"] == .null)
        }
    }

    @Test func placeholdersInStringsNamesCommentsAndBodiesAreText() throws {
        let trace = OutcomeList<TracedStatement>()
        let db = try database(trace: trace)
        defer { db.close() }
        let sql = #"SELECT $$ $1 $$ AS body, E'\' $1' AS escaped, $1::text AS "$1", $2::bigint AS n /* $1 */"#
        let row = try db.fetchOne(sql, ["it's", 10])
        #expect(try row?.decode(String.self, column: "$1") == "it's")
        #expect(
            trace.values.map(\.sql).contains(
                #"SELECT $$ $1 $$ AS body, E'\' $1' AS escaped, 'it''s'::text AS "$1", 10::bigint AS n /* $1 */"#),
            "\(trace.values.map(\.sql))")
    }

    @Test func hiddenValuesLeaveThePlaceholders() throws {
        let trace = OutcomeList<TracedStatement>()
        let log = recordingLog(from: .debug)
        let db = try database(trace: trace, log: log, showingValues: false)
        defer { db.close() }
        try db.execute("CREATE TABLE secret (value TEXT, data BYTEA)")
        for text in Self.hostileTexts {
            try db.execute("INSERT INTO secret (value, data) VALUES ($1, $2)", [text + "hunter2", Data([0xBE, 0xE5])])
        }
        let traced = trace.values.map(\.sql)
        #expect(traced.filter { $0 == "INSERT INTO secret (value, data) VALUES ($1, $2)" }.count == Self.hostileTexts.count)
        #expect(!traced.contains { $0.contains("hunter2") || $0.contains("BEE5") })
        let logged = log.entries
        #expect(logged.contains { $0.level == .debug && $0.message == "INSERT INTO secret (value, data) VALUES ($1, $2)" })
        #expect(!logged.contains { "\($0.message)".contains("hunter2") })
    }

    @Test func theLoggerLogsEachStatementAtDebugLevelWithItsDuration() throws {
        let log = recordingLog(from: .debug)
        let db = try database(log: log)
        defer { db.close() }
        try db.execute("CREATE TABLE t (x BIGINT)")
        try db.execute("INSERT INTO t (x) VALUES ($1)", [7])
        let entries = log.entries
        let insert = entries.first { $0.message == "INSERT INTO t (x) VALUES (7)" }
        #expect(insert?.level == .debug)
        #expect(insert?.metadata["duration_ms"].flatMap { Double("\($0)") }.map { $0 >= 0 } == true)
        #expect(insert?.metadata["error"] == nil)
        #expect(!entries.contains { $0.level == .warning })
    }

    @Test func aSlowStatementIsLoggedAtWarningLevel() throws {
        let trace = OutcomeList<TracedStatement>()
        let log = recordingLog(from: .info)
        let db = try database(trace: trace, log: log, slowAfter: 0.01)
        defer { db.close() }
        try db.execute("SELECT pg_sleep(0.05)")
        let entries = log.entries
        let slow = entries.filter { $0.message == "slow statement: SELECT pg_sleep(0.05)" }
        #expect(slow.count == 1)
        #expect(slow.first?.level == .warning)
        #expect(slow.first?.metadata["duration_ms"].flatMap { Double("\($0)") }.map { $0 >= 50 } == true)
        #expect(!entries.contains { $0.level == .debug }, "nothing at debug level when the logger logs from info")
        #expect(trace.values.first { $0.sql == "SELECT pg_sleep(0.05)" }.map { $0.durationInterval >= 0.05 } == true)
    }

    @Test func aFailedStatementIsTracedAndLoggedWithItsSQLState() throws {
        let trace = OutcomeList<TracedStatement>()
        let log = recordingLog(from: .debug)
        let db = try database(trace: trace, log: log)
        defer { db.close() }
        try db.execute("CREATE TABLE player (id BIGINT PRIMARY KEY)")
        try db.execute("INSERT INTO player (id) VALUES ($1)", [1])
        #expect {
            try db.transaction { connection in
                try connection.execute("INSERT INTO player (id) VALUES ($1)", [1])
            }
        } throws: { error in
            (error as? PostgreSQLError)?.resultCode == .uniqueConstraint
        }
        #expect(throws: PostgreSQLError.self) { try db.execute("SELEC 1") }

        let sql = trace.values.map(\.sql)
        #expect(sql.filter { $0 == "INSERT INTO player (id) VALUES (1)" }.count == 2, "\(sql)")
        #expect(Array(sql.suffix(4)) == ["BEGIN", "INSERT INTO player (id) VALUES (1)", "ROLLBACK", "SELEC 1"], "\(sql)")
        let entries = log.entries
        let failures = entries.filter { $0.metadata["error"] != nil }
        #expect(failures.map(\.message) == ["INSERT INTO player (id) VALUES (1)", "SELEC 1"])
        #expect(failures.map { $0.metadata["error"].map { "\($0)" } } == ["23505", "42601"])
        #expect(failures.allSatisfy { $0.level == .debug && $0.metadata["duration_ms"] != nil })
    }

    @Test func aStatementStoppedByTheTimeLimitIsTracedWithItsCode() throws {
        let trace = OutcomeList<TracedStatement>()
        let log = recordingLog(from: .debug)
        let db = try TestServer.freshDatabase { configuration in
            configuration.statementTimeLimitInterval = 0.05
            configuration.trace = { trace.append($0) }
            configuration.logger = Logger(label: "beestore.tests") { _ in log }
        }
        defer { db.close() }
        // Counting a billion rows takes the server far longer than the limit.
        let endless = "SELECT count(*) FROM generate_series(1, 1000000000)"
        #expect(throws: StatementTimeLimitExceeded.self) { try db.fetchValue(Int.self, endless) }
        #expect(trace.values.first { $0.sql == endless }.map { $0.durationInterval >= 0.05 } == true)
        let stopped = log.entries.first { $0.message == "\(endless)" || $0.message == "slow statement: \(endless)" }
        #expect(stopped?.metadata["error"] == "57014")
    }

    @Test func aStatementWhoseConnectionBrokeIsTraced() throws {
        let trace = OutcomeList<TracedStatement>()
        let log = recordingLog(from: .debug)
        let db = try database(trace: trace, log: log)
        defer { db.close() }
        let admin = try TestServer.freshDatabase()
        defer { admin.close() }
        #expect(throws: PostgreSQLError.self) {
            try db.write { connection in
                let pid = try connection.fetchValue(Int.self, "SELECT pg_backend_pid()")
                _ = try admin.fetchValue(Bool.self, "SELECT pg_terminate_backend($1)", [pid])
                try connection.execute("SELECT 'after'")
            }
        }
        #expect(trace.values.contains { $0.sql == "SELECT 'after'" })
        let broken = log.entries.first { $0.message == "SELECT 'after'" }
        #expect(broken?.metadata["error"] != nil, "the failure is named: \(String(describing: broken))")
    }
}
#endif
