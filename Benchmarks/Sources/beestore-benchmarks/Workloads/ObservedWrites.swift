import BeeStore
import BenchmarkSupport
import Dispatch
import Foundation

/// `--observed-writes N`: N one-row writes of a mixed workload under eight observed queries,
/// observed twice: by the rows and columns each query reads (`query.observe`), and by
/// whole tables (`db.observe(tables:)` fetching the same query, as every observation
/// did before), each in a database of its own. Reports the fetches each way made after
/// the first, and the time until the last one was delivered.
enum ObservedWrites {
    /// How the queries are observed.
    private enum Style: String, CaseIterable {
        case regions = "rows and columns read"
        case tables = "whole tables"
    }

    static func run(writes: Int, scratch: Scratch) throws -> String {
        var lines = ["\(grouped(writes)) one-row writes (updates of a column read or not, inserts, deletes) "
            + "under 8 observed queries:"]
        for style in Style.allCases {
            let (fetches, seconds) = try measure(style, writes: writes, path: scratch.freshPath("observed"))
            lines.append("  \(style.rawValue): \(grouped(fetches)) fetches after the first "
                + "(\(String(format: "%.1f", Double(fetches) / Double(writes * 8) * 100))% of writes × queries), "
                + String(format: "%.2f s", seconds))
        }
        return lines.joined(separator: "\n")
    }

    /// The queries observed: five single players by key, the top ten by score, the
    /// number of players, and the players with their team's name.
    private static func queries(_ db: BeeStore.Database) -> [Query] {
        (1...5).map { db.from("player").select("name").where("id", Int64($0 * 100)) } + [
            db.from("player").select("name", "score").orderDesc("score").limit(10),
            db.from("player").select(sql: "count(*) AS n"),
            db.from("player").select("player.name", "team.name").join("team", on: "team.id", equals: "player.team_id")
                .where("player.id", .lessThan, 50),
        ]
    }

    private static func measure(_ style: Style, writes: Int, path: String) throws -> (fetches: Int, seconds: Double) {
        let db = try BeeStore.Database(path: path)
        defer { db.close() }
        try db.execute(
            script: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, team_id INTEGER, note TEXT);
                WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 10)
                INSERT INTO team (id, name) SELECT value, 'team ' || value FROM n;
                WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 1000)
                INSERT INTO player (id, name, score, team_id, note)
                    SELECT value, 'player ' || value, value % 97, value % 10 + 1, '' FROM n;
                """)
        let deliveries = DeliveryCount()
        let queue = DispatchQueue(label: "ObservedWrites")
        let queries = queries(db)
        let tokens = try queries.map { query -> ObservationToken in
            switch style {
            case .regions:
                return try query.observe(on: queue) { _ in deliveries.add() }
            case .tables:
                return db.observe(tables: ["player", "team"], on: queue, fetch: { _ in try query.get() }) { _ in
                    deliveries.add()
                }
            }
        }
        defer { tokens.forEach { $0.cancel() } }
        try waitUntilSettled(deliveries)
        let first = deliveries.count
        var state: UInt64 = 0x0B5E
        let start = ContinuousClock.now
        for write in 0..<writes {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let id = Int64((state >> 33) % 1000) + 1
            switch write % 10 {
            case 0..<5: try db.from("player").where("id", id).set("note", "note \(write)").update()
            case 5, 6: try db.from("player").where("id", id).set("score", Int64(write % 97)).update()
            case 7: try db.from("player").where("id", id).set("name", "renamed \(write)").update()
            case 8: _ = try db.from("player").set("id", 1000 + Int64(write)).set("name", "new").set("score", 0).insert()
            default: try db.from("player").where("id", 1000 + Int64(write) - 1).delete()
            }
        }
        try waitUntilSettled(deliveries)
        return (deliveries.count - first, (deliveries.last - start) / .seconds(1))
    }

    /// Waits until no delivery arrived for a quarter of a second (at most a minute).
    private static func waitUntilSettled(_ deliveries: DeliveryCount) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        var last = -1
        while deliveries.count != last {
            guard ContinuousClock.now < deadline else { throw CheckFailure("observations did not settle") }
            last = deliveries.count
            Thread.sleep(forTimeInterval: 0.25)
        }
    }
}

/// How many values observations delivered, and when the last one arrived.
private final class DeliveryCount: @unchecked Sendable {
    // Safe to share: both are only read and written under `lock`.
    private let lock = NSLock()
    private var delivered = 0
    private var lastDelivery = ContinuousClock.now

    func add() {
        lock.withLock {
            delivered += 1
            lastDelivery = .now
        }
    }

    var count: Int { lock.withLock { delivered } }
    var last: ContinuousClock.Instant { lock.withLock { lastDelivery } }
}
