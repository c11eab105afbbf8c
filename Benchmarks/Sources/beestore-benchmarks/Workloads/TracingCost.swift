import BeeStore
import Dispatch
import Foundation
import Logging

/// Not a library comparison: what statement tracing costs BeeStore, on the lookup
/// workload (one statement per lookup, the case where a per-statement cost shows most).
/// Each mode opens the item fixture with its own configuration:
/// - `off`: the default, nothing installed;
/// - `hook`: a trace hook that does nothing with the statements it is given (the
///   expanded SQL and duration are still built for it);
/// - `logger`: a logger at `info` level, so that only slow statements would be logged.
enum TracingCost {
    static let modes = ["off", "hook", "logger"]

    /// Medians of `iterations` runs of `lookups` lookups in each mode (or only `mode`,
    /// run once, for an instruction count under callgrind).
    static func run(lookups: Int, iterations: Int, mode: String?, scratch: Scratch) throws -> String {
        let fixture = ItemFixture(count: 100_000)
        var state: UInt64 = 0x5EED
        let ids = (0..<lookups).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % UInt64(fixture.count)) + 1
        }
        let expected = ItemDigest(ids.map(Item.sample))
        let path = try fixture.path(in: scratch)
        var lines = ["statement tracing, \(lookups) lookups through the query builder (median of \(iterations)):"]
        for current in modes where mode == nil || mode == current {
            let database = try Database(path: path, configuration: configuration(current))
            defer { database.close() }
            var times: [Double] = []
            for _ in 0..<(mode == nil ? iterations : 1) {
                let start = DispatchTime.now().uptimeNanoseconds
                let digest = try database.read { _ in
                    try ItemConnections.lookUp(ids) { id in
                        try database.from("item").where("id", id).first().map(Item.init(row:))
                    }
                }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                try expectEqual(digest, expected, "looked-up items (\(current))")
            }
            lines.append("  \(current): " + String(format: "%.1f ms", times.sorted()[times.count / 2]))
        }
        return lines.joined(separator: "\n")
    }

    private static func configuration(_ mode: String) throws -> Configuration {
        var configuration = Configuration()
        switch mode {
        case "off":
            break
        case "hook":
            configuration.trace = { _ in }
        case "logger":
            var logger = Logger(label: "beestore.benchmarks")
            logger.logLevel = .info
            configuration.logger = logger
        default:
            throw CheckFailure("unknown tracing mode \(mode): \(modes.joined(separator: ", "))")
        }
        return configuration
    }
}
