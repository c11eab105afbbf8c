#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Observed record queries on PostgreSQL: the records at once, then after each commit, by
/// any server, to the record's table or a table its relations load from or its joins read.
@Suite struct RecordObservationTests {
    struct Team: ActiveRecord, Equatable {
        static let mapping = RecordMapping().manyToMany("sponsors")
        var id: Int64?
        var name: String
        var members: [Member]?      // has-many through `member.team_id`, loaded when included
        var sponsors: [Sponsor]?    // many-to-many through a join table
    }

    struct Member: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var role: Role              // belongs-to, not optional: always loaded
    }

    struct Role: ActiveRecord, Equatable {
        var id: Int64?
        var title: String
    }

    struct Sponsor: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
    }

    /// Two databases (two app servers) on one new database of the server.
    private func twoServers() throws -> (PostgreSQLDatabase, PostgreSQLDatabase) {
        let url = try TestServer.freshDatabaseURL()
        return (try PostgreSQLDatabase(url: url), try PostgreSQLDatabase(url: url))
    }

    /// The names of the teams each delivery held, and the observation's token.
    private func observeNames(_ query: RecordQuery<Team>, in db: PostgreSQLDatabase) throws -> (Deliveries<[String]>, ObservationToken) {
        let deliveries = Deliveries<[String]>()
        let token = try query.observe(in: db) { teams in deliveries.append(teams.map(\.name)) }
        return (deliveries, token)
    }

    @Test func theRecordsComeAtOnceThenAfterACommitOfAnotherServer() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        // The tables are created by the observation: nothing was saved yet.
        let (deliveries, token) = try observeNames(Team.query().orderAsc("name"), in: db)
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [[]] } != nil)

        var bees = Team(name: "Bees")
        try bees.save(in: other)
        #expect(deliveries.wait { $0.last == ["Bees"] } != nil)
        var ants = Team(name: "Ants")
        try ants.save(in: other)
        #expect(deliveries.wait { $0.last == ["Ants", "Bees"] } != nil)
        try bees.delete(in: other)
        #expect(deliveries.wait { $0.last == ["Ants"] } != nil)
    }

    @Test func aCommitToAnIncludedOrRequiredRelationsTableIsDelivered() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var queen = Role(title: "queen")
        try queen.save(in: db)
        var bees = Team(name: "Bees", members: [Member(name: "Maya", role: queen)])
        try bees.save(in: db)
        let deliveries = Deliveries<[String]>()
        let token = try Team.query().including("members", "sponsors").observe(in: db) { teams in
            deliveries.append(teams.flatMap { team in
                (team.members ?? []).map { "\($0.name) (\($0.role.title))" } + (team.sponsors ?? []).map(\.name)
            })
        }
        defer { token.cancel() }
        #expect(deliveries.wait { $0 == [["Maya (queen)"]] } != nil)

        // The included members' table.
        var copy = try #require(try Team.query().including("members").find(bees.id, in: other))
        copy.members?.append(Member(name: "Willy", role: queen))
        try copy.save(in: other)
        #expect(deliveries.wait { $0.last == ["Maya (queen)", "Willy (queen)"] } != nil)
        // The members' roles, which always load: only the role's table changes.
        queen.title = "Queen"
        try queen.update(in: other)
        #expect(deliveries.wait { $0.last == ["Maya (Queen)", "Willy (Queen)"] } != nil)
        // A many-to-many relation: its records' table and the join table.
        copy.sponsors = [Sponsor(name: "Honey & Co")]
        try copy.save(in: other)
        #expect(deliveries.wait { $0.last?.last == "Honey & Co" } != nil)
    }

    @Test func aRelationNotLoadedChangesNothingAndAJoinedOneDoes() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var worker = Role(title: "worker")
        try worker.save(in: db)
        var bees = Team(name: "Bees")
        try bees.save(in: db)
        let teamID = try #require(bees.id)
        let roleID = try #require(worker.id)
        let (plain, plainToken) = try observeNames(Team.query().orderAsc("name"), in: db)
        defer { plainToken.cancel() }
        let (joined, joinedToken) = try observeNames(Team.query().joining("members").where("members.name", "Maya"), in: db)
        defer { joinedToken.cancel() }
        #expect(plain.wait { $0 == [["Bees"]] } != nil)
        #expect(joined.wait { $0 == [[]] } != nil)

        // The members' table: read by the join of one query, by no statement of the other.
        try other.execute("INSERT INTO member (name, role_id, team_id) VALUES ($1, $2, $3)", ["Maya", roleID, teamID])
        #expect(joined.wait { $0.last == ["Bees"] } != nil)
        // A later commit to the teams' table is the next delivery of the plain query: the
        // members' commit made none.
        var ants = Team(name: "Ants")
        try ants.save(in: other)
        #expect(plain.wait { $0.count >= 2 } == [["Bees"], ["Ants", "Bees"]])
    }

    @Test func aCancelledObservationDeliversNothingMore() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        let (deliveries, token) = try observeNames(Team.query(), in: db)
        let (witness, witnessToken) = try observeNames(Team.query(), in: db)
        defer { witnessToken.cancel() }
        #expect(deliveries.wait { $0 == [[]] } != nil)
        #expect(witness.wait { $0 == [[]] } != nil)
        token.cancel()
        #expect(token.isCancelled)
        var bees = Team(name: "Bees")
        try bees.save(in: other)
        // The witness, told of the same commit, has seen it: the cancelled one never will.
        #expect(witness.wait { $0.last == ["Bees"] } != nil)
        #expect(deliveries.wait(timeout: 0) { _ in true } == [[]])
    }

    @Test func recordsEqualToTheLastDeliveredAreSkippedWhenAsked() throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var bees = Team(name: "Bees")
        try bees.save(in: db)
        let named = Team.query().where("name", "Bees")
        let deduplicated = Deliveries<[String]>()
        let token = try named.observe(in: db, removingDuplicates: true) { teams in deduplicated.append(teams.map(\.name)) }
        defer { token.cancel() }
        let (every, everyToken) = try observeNames(named, in: db)
        defer { everyToken.cancel() }
        #expect(deduplicated.wait { $0 == [["Bees"]] } != nil)
        #expect(every.wait { $0 == [["Bees"]] } != nil)

        // A commit to the table that leaves these records as they were: delivered to the
        // observation that keeps duplicates only.
        var ants = Team(name: "Ants")
        try ants.save(in: other)
        #expect(every.wait { $0.count == 2 } == [["Bees"], ["Bees"]])
        var more = Team(name: "Bees")
        try more.save(in: other)
        #expect(deduplicated.wait { $0.count >= 2 } == [["Bees"], ["Bees", "Bees"]])
    }

    @Test func anUnknownRelationIsATypedErrorAndObservesNothing() throws {
        let db = try TestServer.freshDatabase()
        defer { db.close() }
        #expect {
            try Team.query().including("captain").observe(in: db) { _ in Issue.record("delivered for an unknown relation") }
        } throws: { error in
            guard case RecordError.unknownRelation(_, let relation) = error else { return false }
            return relation == "captain"
        }
    }

    @Test func valuesAreAnAsynchronousSequenceThatEndsWhenCancelled() async throws {
        let (db, other) = try twoServers()
        defer { db.close(); other.close() }
        var names: [[String]] = []
        for try await teams in try Team.query().orderAsc("name").values(in: db) {
            names.append(teams.map(\.name))
            if names.count == 3 { break }
            let name = names.count == 1 ? "Bees" : "Ants"
            try await other.perform { server in
                var team = Team(name: name)
                try team.save(in: server)
            }
        }
        #expect(names == [[], ["Bees"], ["Ants", "Bees"]])

        // Without duplicates: a commit of a team of another name changes nothing here.
        var counts: [Int] = []
        for try await teams in try Team.query().where("name", "Bees").values(in: db, removingDuplicates: true) {
            counts.append(teams.count)
            if counts.count == 2 { break }
            try await other.perform { server in
                var wasps = Team(name: "Wasps")
                try wasps.save(in: server)
                var bees = Team(name: "Bees")
                try bees.save(in: server)
            }
        }
        #expect(counts == [1, 2])

        let cancelled = Task {
            for try await _ in try Team.query().values(in: db) {}
        }
        cancelled.cancel()
        _ = await cancelled.result
    }
}
#endif
