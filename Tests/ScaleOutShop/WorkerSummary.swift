#if PostgreSQL
/// What one app server did and saw, printed as one line of JSON when it succeeds.
public struct WorkerSummary: Codable, Sendable {
    /// The server's index, from 0.
    var worker: Int
    /// The migrations this server applied (the others applied the rest).
    var applied: [String]
    /// The orders it saved, each with its lines.
    var saves: Int
    /// The lines of those orders.
    var lines: Int
    /// The account updates it saved.
    var updates: Int
    /// Its updates' saves refused as `RecordError.versionConflict`.
    var conflicts: Int
    /// The saves it tried again, each after reloading the account.
    var retries: Int
    /// Its updates by account key (as text: JSON's object keys).
    var updatesByAccount: [String: Int]
    /// The state its observers delivered last: every server's work.
    var observed: ShopState
    /// How many values its observers delivered.
    var deliveries: Int
    /// Seconds from opening the database to the observers' final state.
    var seconds: Double
}
#endif
