import Foundation

/// The table behind a ``KeyValueStore`` and all its namespaces: the SQL, the registered
/// defaults and the change observers they share.
final class KeyValueTable: Sendable {
    let database: Database
    let observers = ChangeObservers()
    private let defaults = Protected([String: [String: Data]]())
    private let table: String

    /// Creates the table `name` in `database` if it does not exist.
    init(database: Database, name: String) throws {
        self.database = database
        self.table = name.quotedIdentifier
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS \(table) (
                namespace TEXT NOT NULL,
                key TEXT NOT NULL,
                value BLOB NOT NULL,
                PRIMARY KEY (namespace, key)
            ) WITHOUT ROWID
            """)
    }

    /// The stored bytes for `key`, if any.
    func storedValue(namespace: String, key: String) throws -> Data? {
        try database.fetchValue(Data.self, "SELECT value FROM \(table) WHERE namespace = ? AND key = ?", [namespace, key])
    }

    /// The registered default for `key`, if any.
    func defaultValue(namespace: String, key: String) -> Data? {
        defaults.withLock { $0[namespace]?[key] }
    }

    /// Registers defaults, replacing earlier ones for the same keys.
    func register(_ values: [String: Data], namespace: String) {
        defaults.withLock { $0[namespace, default: [:]].merge(values) { _, new in new } }
    }

    /// Stores `value` for `key`, committed when the call returns.
    func store(_ value: Data, namespace: String, key: String) throws {
        try database.write { connection in
            try connection.execute(
                "INSERT OR REPLACE INTO \(table) (namespace, key, value) VALUES (?, ?, ?)", [namespace, key, value])
        }
    }

    /// Deletes `key`; returns whether it was stored.
    func delete(namespace: String, key: String) throws -> Bool {
        try database.write { connection in
            try connection.execute("DELETE FROM \(table) WHERE namespace = ? AND key = ?", [namespace, key])
            return connection.changes > 0
        }
    }

    /// Deletes every key of `namespace` and returns them.
    func deleteAll(namespace: String) throws -> [String] {
        try database.write { connection in
            try connection.fetchAll("DELETE FROM \(table) WHERE namespace = ? RETURNING key", [namespace])
                .map { try $0.decode(String.self, at: 0) }
        }
    }

    /// The stored keys of `namespace`, sorted.
    func keys(namespace: String) throws -> [String] {
        try database.fetchAll("SELECT key FROM \(table) WHERE namespace = ? ORDER BY key", [namespace])
            .map { try $0.decode(String.self, at: 0) }
    }
}
