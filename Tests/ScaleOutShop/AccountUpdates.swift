#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

/// Optimistic updates of the shared accounts: read, add 1, save; a save refused with
/// `RecordError.versionConflict` (another server saved first) reloads the account and
/// tries again. Any other error stops the run.
struct AccountUpdates {
    /// The account was not there to update.
    struct MissingAccount: Error, CustomStringConvertible {
        let id: Int64
        var description: String { "account \(id) is missing" }
    }

    /// The account's saves kept conflicting.
    struct Unresolved: Error, CustomStringConvertible {
        let id: Int64
        let attempts: Int
        var description: String { "account \(id) still conflicted after \(attempts) attempts" }
    }

    /// Attempts per update before giving up: far more than servers racing for one row need.
    static let attemptLimit = 1_000

    private(set) var updates = 0
    private(set) var conflicts = 0
    private(set) var retries = 0
    private(set) var updatesByAccount: [Int64: Int] = [:]

    /// Adds 1 to the balance of account `id`, as many times as it takes.
    mutating func addOne(to id: Int64, in db: PostgreSQLDatabase) throws {
        for attempt in 1...Self.attemptLimit {
            guard var account = try Account.find(id, in: db) else { throw MissingAccount(id: id) }
            account.balance += 1
            do {
                try account.save(in: db)
            } catch RecordError.versionConflict {
                conflicts += 1
                continue
            }
            updates += 1
            retries += attempt - 1
            updatesByAccount[id, default: 0] += 1
            return
        }
        throw Unresolved(id: id, attempts: Self.attemptLimit)
    }
}
#endif
