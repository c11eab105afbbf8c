#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Records models on PostgreSQL: the records at once, then refreshed after each commit of
/// any server to their tables; a new query followed from the moment it is loaded.
@Suite struct RecordsModelTests {
    struct Bee: ActiveRecord, Equatable, Sendable {
        var id: Int64?
        var name: String
        var hive: String
    }

    /// Two databases (two app servers) on one new database of the server.
    private func twoServers() throws -> (PostgreSQLDatabase, PostgreSQLDatabase) {
        let url = try TestServer.freshDatabaseURL()
        return (try PostgreSQLDatabase(url: url), try PostgreSQLDatabase(url: url))
    }

    private func save(_ names: [String], hive: String, in db: PostgreSQLDatabase) throws {
        var bees = names.map { Bee(name: $0, hive: hive) }
        try bees.save(in: db)
    }

    @Test func theModelHoldsTheRecordsAndIsRefreshedAfterAnotherServersCommit() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        try save(["Maya", "Willy"], hive: "north", in: db)

        let model = try RecordsModel(Bee.query().orderAsc("name"), in: db)
        #expect(model.state.map(\.name) == ["Maya", "Willy"])
        let deliveries = Deliveries<[String]>()
        let token = model.observe { change in
            #expect(change.kind == .refreshed)
            deliveries.append(change.state.map(\.name))
        }
        defer { token.cancel(); model.stopObserving() }

        try save(["Flip"], hive: "south", in: other)
        #expect(deliveries.wait { $0.last == ["Flip", "Maya", "Willy"] } != nil)
        #expect(model.state.map(\.name) == ["Flip", "Maya", "Willy"])
    }

    @Test func aLoadedQueryRefreshesOnceAndIsFollowedAlone() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        try save(["Maya", "Willy"], hive: "north", in: db)
        try save(["Flip"], hive: "south", in: db)

        let model = try RecordsModel(Bee.query().orderAsc("name"), in: db)
        let deliveries = Deliveries<[String]>()
        let token = model.observe { change in deliveries.append(change.state.map(\.name)) }
        defer { token.cancel(); model.stopObserving() }

        try model.load(Bee.query().where("hive", "south").orderAsc("name"))
        #expect(deliveries.wait { $0.last == ["Flip"] } != nil)
        #expect(model.state.map(\.name) == ["Flip"])

        // Another server's bee in the north changes the table but not the records: the
        // delivery after it is the south's new bee.
        try save(["Ben"], hive: "north", in: other)
        try save(["Kurt"], hive: "south", in: other)
        let seen = deliveries.wait { $0.last == ["Flip", "Kurt"] }
        #expect(seen != nil)
        #expect(seen?.contains { $0.contains("Ben") } == false, "the former query is no longer followed")
    }

    @Test func aQueryThatCannotRunIsRefusedAndTheModelKeepsItsQuery() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        try save(["Maya"], hive: "north", in: db)
        let model = try RecordsModel(Bee.query(), in: db)
        defer { model.stopObserving() }

        #expect(throws: PostgreSQLError.self) { try model.load(Bee.query().where("colour", "gold")) }
        #expect(throws: PostgreSQLError.self) { try RecordsModel(Bee.query().orderAsc("wings"), in: db) }
        #expect(model.state.map(\.name) == ["Maya"])

        let deliveries = Deliveries<[String]>()
        let token = model.observe { change in deliveries.append(change.state.map(\.name)) }
        defer { token.cancel() }
        try save(["Flip"], hive: "south", in: other)
        #expect(deliveries.wait { $0.last?.sorted() == ["Flip", "Maya"] } != nil, "the first query is still followed")
    }
}
#endif
