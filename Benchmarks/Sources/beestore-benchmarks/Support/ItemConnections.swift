import BeeStore
import GRDB

/// One connection per library to the item fixture, kept open across iterations so
/// that read workloads time reading, not opening.
final class ItemConnections {
    let raw: RawDatabase
    /// The raw C baseline's prepared query, reused by every iteration.
    let rawStatement: RawStatement
    let grdb: DatabasePool
    let bee: BeeStore.Database

    init(path: String, rawSQL: String) throws {
        raw = try RawDatabase(path: path)
        rawStatement = try raw.prepare(rawSQL)
        grdb = try DatabasePool(path: path)
        bee = try BeeStore.Database(path: path)
        // A record type's first use on a database checks its table in a write, which a read cannot nest.
        _ = try Item.count(in: bee)
    }

    /// Digests the items `find` returns for `ids`; throws when one is missing.
    static func lookUp(_ ids: [Int64], _ find: (Int64) throws -> Item?) throws -> ItemDigest {
        var digest = ItemDigest()
        for id in ids {
            guard let item = try find(id) else { throw CheckFailure("no item \(id)") }
            digest.add(item)
        }
        return digest
    }

    func close() {
        bee.close()
    }
}
