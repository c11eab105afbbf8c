import Foundation
import Logging
import Testing

@testable import BeeStore

/// What a trace hook or a log handler received, read once its writes are done.
private final class Collected<Element: Sendable>: Sendable {
    private let items = Protected<[Element]>([])

    func append(_ item: Element) { items.withLock { $0.append(item) } }
    var all: [Element] { items.value }
}

/// A log handler keeping each message with its level.
private struct CollectingLogHandler: LogHandler {
    let messages: Collected<(Logger.Level, String)>
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        messages.append((event.level, "\(event.message)"))
    }
}

/// A record whose save the trace follows.
private struct TracedNote: ActiveRecord {
    var id: Int64?
    var title: String
}

@Suite("Tracing and logging")
struct TracingTests {
    private func database(
        showingValues: Bool = true, logger: Logger? = nil, slowAfter threshold: Duration = .milliseconds(100),
        trace: Collected<TracedStatement>? = nil
    ) throws -> Database {
        var configuration = Configuration()
        if let trace { configuration.trace = { trace.append($0) } }
        configuration.logger = logger
        configuration.slowStatementThreshold = threshold
        configuration.traceShowsValues = showingValues
        return try Database.inMemory(configuration: configuration)
    }

    private func logger(_ messages: Collected<(Logger.Level, String)>, level: Logger.Level) -> Logger {
        Logger(label: "beestore.tests") { _ in CollectingLogHandler(messages: messages, logLevel: level) }
    }

    @Test func tracingIsOffByDefault() {
        let configuration = Configuration()
        #expect(configuration.trace == nil && configuration.logger == nil)
        #expect(StatementTracer(configuration) == nil, "no tracer is installed")
    }

    @Test func theTraceSeesEveryStatementOfARecordSaveWithItsValuesAndDuration() throws {
        let trace = Collected<TracedStatement>()
        let db = try database(trace: trace)
        var note = TracedNote(title: "O'Hare")
        try note.save(in: db)
        let start = trace.all.count
        note.title = "Bees"
        try note.save(in: db)
        let save = trace.all.dropFirst(start).map(\.sql)
        #expect(save.first == "BEGIN IMMEDIATE TRANSACTION", "\(save)")
        #expect(save.contains { $0.hasPrefix("INSERT INTO \"traced_note\"") && $0.contains("'Bees'") }, "\(save)")
        #expect(save.last == "COMMIT TRANSACTION", "\(save)")
        #expect(trace.all.contains { $0.sql.contains("'O''Hare'") }, "values are written as SQL literals")
        #expect(trace.all.allSatisfy { $0.duration >= .zero })
    }

    @Test func valuesCanBeKeptOutOfTheTrace() throws {
        let trace = Collected<TracedStatement>()
        let db = try database(showingValues: false, trace: trace)
        try db.execute("CREATE TABLE secret (value TEXT)")
        try db.execute("INSERT INTO secret VALUES (?)", ["hunter2"])
        #expect(trace.all.contains { $0.sql == "INSERT INTO secret VALUES (?)" })
        #expect(!trace.all.contains { $0.sql.contains("hunter2") })
    }

    @Test func theTraceSeesEveryStatementOfAMigration() throws {
        let trace = Collected<TracedStatement>()
        let db = try database(trace: trace)
        var migrator = Migrator(database: db)
        try migrator.register(Migration("0001_birds", sql: """
            CREATE TABLE bird (name TEXT NOT NULL);
            INSERT INTO bird VALUES ('wren');
            CREATE INDEX bird_name ON bird (name);
            """))
        try migrator.register(Migration("0002_more", version: "1") { connection in
            try connection.execute("INSERT INTO bird VALUES (?)", ["robin"])
        })
        #expect(try migrator.migrate() == ["0001_birds", "0002_more"])
        // A script's statements come as written, each with its `;`.
        let sql = trace.all.map { $0.sql.trimmingCharacters(in: CharacterSet(charactersIn: "; \n")) }
        for statement in [
            "CREATE TABLE bird (name TEXT NOT NULL)", "INSERT INTO bird VALUES ('wren')",
            "CREATE INDEX bird_name ON bird (name)", "INSERT INTO bird VALUES ('robin')",
        ] {
            #expect(sql.contains(statement), "\(statement) in \(sql)")
        }
        #expect(sql.filter { $0 == "COMMIT TRANSACTION" }.count >= 2, "each migration commits")
    }

    @Test func theLoggerWarnsOfStatementsOverTheThresholdOnly() throws {
        let heavy = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT count(*) FROM n"

        let warned = Collected<(Logger.Level, String)>()
        let slowDB = try database(logger: logger(warned, level: .info), slowAfter: .nanoseconds(1))
        #expect(try slowDB.fetchValue(Int.self, heavy) == 200_000)
        #expect(warned.all.contains { $0.0 == .warning && $0.1 == "slow statement: " + heavy })
        #expect(!warned.all.contains { $0.0 == .debug }, "not at info level")

        let quiet = Collected<(Logger.Level, String)>()
        let fastDB = try database(logger: logger(quiet, level: .info), slowAfter: .seconds(3600))
        #expect(try fastDB.fetchValue(Int.self, heavy) == 200_000)
        #expect(quiet.all.isEmpty, "\(quiet.all)")
    }

    @Test func theLoggerLogsEachStatementAtDebugLevel() throws {
        let messages = Collected<(Logger.Level, String)>()
        let db = try database(logger: logger(messages, level: .debug), slowAfter: .seconds(3600))
        try db.execute("CREATE TABLE t (x)")
        try db.execute("INSERT INTO t VALUES (?)", [7])
        #expect(messages.all.contains { $0.0 == .debug && $0.1 == "INSERT INTO t VALUES (7)" })
        #expect(!messages.all.contains { $0.0 == .warning })
    }
}
