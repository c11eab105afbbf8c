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
        self.table = name
        let definition = TableDefinition(database: database, name: name)
            .field("namespace", .text).notNull()
            .field("key", .text).notNull()
            .field("value", .blob).notNull()
            .primaryKey("namespace", "key")
            .withoutRowID()
        try definition.createIfNotExists()
    }

    /// The rows of `namespace`.
    private func rows(of namespace: String) -> Query {
        Query(database: database, table: table).where("namespace", namespace)
    }

    /// The stored bytes for `key`, if any.
    func storedValue(namespace: String, key: String) throws -> Data? {
        try rows(of: namespace).select("value").where("key", key).first()?.decode(Data.self, at: 0)
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
        try Query(database: database, table: table).set("namespace", namespace).set("key", key).set("value", value)
            .insertOrReplace()
    }

    /// Deletes `key`; returns whether it was stored.
    func delete(namespace: String, key: String) throws -> Bool {
        try rows(of: namespace).where("key", key).delete() > 0
    }

    /// Deletes every key of `namespace` and returns them.
    func deleteAll(namespace: String) throws -> [String] {
        try rows(of: namespace).delete(returning: .column("key")).map { try $0.decode(String.self, at: 0) }
    }

    /// The stored keys of `namespace`, sorted.
    func keys(namespace: String) throws -> [String] {
        try rows(of: namespace).select("key").order(by: "key").get().map { try $0.decode(String.self, at: 0) }
    }
}
