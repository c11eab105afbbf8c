import Foundation
import Testing

@testable import BeeStore

@Suite("Changesets")
struct ChangesetTests {
    struct Refusal: Error {}

    /// A database with two notes, as every replica starts.
    private func makeReplica(_ directory: TemporaryDirectory, _ name: String) throws -> Database {
        let db = try Database(path: directory.path(name))
        try db.execute(script: """
            CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL, updated_at INTEGER NOT NULL);
            INSERT INTO note VALUES (1, 'a', 1), (2, 'b', 1);
            CREATE TABLE log (message TEXT);
            """)
        return db
    }

    private func notes(_ db: Database) throws -> [[Value]] {
        try db.fetchAll("SELECT id, body, updated_at FROM note ORDER BY id").map { row in
            (0..<row.count).map { row[$0] }
        }
    }

    @Test func aChangesetListsEachRowChangeWithItsValues() throws {
        let directory = try TemporaryDirectory()
        let db = try makeReplica(directory, "db.sqlite")
        let changes = try db.recordChanges { connection in
            try connection.execute("INSERT INTO note VALUES (3, 'c', 2)")
            try connection.execute("UPDATE note SET body = 'A' WHERE id = 1")
            try connection.execute("DELETE FROM note WHERE id = 2")
        }
        let byKind = Dictionary(grouping: try changes.operations(), by: \.kind)
        #expect(byKind[.insert] == [
            ChangesetOperation(
                table: "note", kind: .insert, oldValues: [], newValues: [3, "c", 2], primaryKeyColumns: [true, false, false])
        ])
        #expect(byKind[.update] == [
            ChangesetOperation(
                table: "note", kind: .update, oldValues: [1, "a", nil], newValues: [nil, "A", nil],
                primaryKeyColumns: [true, false, false])
        ])
        #expect(byKind[.delete] == [
            ChangesetOperation(
                table: "note", kind: .delete, oldValues: [2, "b", 1], newValues: [], primaryKeyColumns: [true, false, false])
        ])
        #expect(try db.recordChanges { _ in }.isEmpty)
    }

    @Test func anInvertedChangesetUndoesTheChanges() throws {
        let directory = try TemporaryDirectory()
        let db = try makeReplica(directory, "db.sqlite")
        let before = try notes(db)
        let changes = try db.recordChanges(in: ["note"]) { connection in
            try connection.execute("INSERT INTO note VALUES (3, 'c', 2)")
            try connection.execute("UPDATE note SET body = 'A', updated_at = 2 WHERE id = 1")
            try connection.execute("DELETE FROM note WHERE id = 2")
        }
        #expect(try notes(db) != before)
        try db.apply(changes.inverted())
        #expect(try notes(db) == before)
        #expect(try changes.inverted().inverted() == changes)
    }

    /// The documented rule: of two versions of a row, the one with the later `updated_at`
    /// wins (column 2), on both sides, so that both replicas end identical.
    private static func laterUpdateWins(_ conflict: ChangesetConflict) -> ChangesetConflict.Resolution {
        guard conflict.kind == .data, let incoming = conflict.operation?.newValues[2], let current = conflict.currentValues?[2]
        else { return .omit }
        guard case .integer(let incomingTime) = incoming, case .integer(let currentTime) = current else { return .omit }
        return incomingTime > currentTime ? .replace : .omit
    }

    @Test func twoReplicasEditedApartExchangeChangesetsAndEndIdentical() throws {
        let directory = try TemporaryDirectory()
        let phone = try makeReplica(directory, "phone.sqlite")
        let laptop = try makeReplica(directory, "laptop.sqlite")
        let fromPhone = try phone.recordChanges { connection in
            try connection.execute("UPDATE note SET body = 'phone', updated_at = 5 WHERE id = 1")
            try connection.execute("INSERT INTO note VALUES (4, 'from phone', 5)")
        }
        let fromLaptop = try laptop.recordChanges { connection in
            try connection.execute("UPDATE note SET body = 'laptop', updated_at = 7 WHERE id = 1")
            try connection.execute("UPDATE note SET body = 'b2', updated_at = 3 WHERE id = 2")
            try connection.execute("INSERT INTO note VALUES (3, 'from laptop', 7)")
        }
        var conflicts: [ChangesetConflict] = []
        try phone.apply(fromLaptop) { conflicts.append($0); return Self.laterUpdateWins($0) }
        try laptop.apply(fromPhone) { conflicts.append($0); return Self.laterUpdateWins($0) }
        #expect(conflicts.map(\.kind) == [.data, .data])
        #expect(conflicts.map(\.table) == ["note", "note"])
        #expect(conflicts[0].currentValues == [1, "phone", 5])
        #expect(try notes(phone) == notes(laptop))
        #expect(try notes(phone) == [[1, "laptop", 7], [2, "b2", 3], [3, "from laptop", 7], [4, "from phone", 5]])
    }

    @Test func aConflictWithAbortAppliesNothing() throws {
        let directory = try TemporaryDirectory()
        let source = try makeReplica(directory, "source.sqlite")
        let target = try makeReplica(directory, "target.sqlite")
        let changes = try source.recordChanges { connection in
            try connection.execute("INSERT INTO note VALUES (3, 'new', 2)")
            try connection.execute("UPDATE note SET body = 'x' WHERE id = 2")
        }
        try target.execute("UPDATE note SET body = 'changed here' WHERE id = 2")
        let before = try notes(target)
        #expect(throws: ChangesetError.conflict(.data, table: "note")) { try target.apply(changes) }
        #expect(try notes(target) == before)
        #expect(throws: Refusal.self) { try target.apply(changes) { _ in throw Refusal() } }
        #expect(try notes(target) == before)
        try target.apply(changes, onConflict: .omit)
        #expect(try notes(target).map { $0[1] } == ["a", "changed here", "new"])
    }

    @Test func replaceWinsOverChangedRowsAndIsRefusedForMissingOnes() throws {
        let directory = try TemporaryDirectory()
        let source = try makeReplica(directory, "source.sqlite")
        let target = try makeReplica(directory, "target.sqlite")
        let changes = try source.recordChanges { connection in
            try connection.execute("UPDATE note SET body = 'x' WHERE id = 1")
            try connection.execute("UPDATE note SET body = 'y' WHERE id = 2")
        }
        try target.execute("UPDATE note SET body = 'here' WHERE id = 1")
        try target.execute("DELETE FROM note WHERE id = 2")
        let before = try notes(target)
        #expect(throws: ChangesetError.replaceNotAllowed(.notFound, table: "note")) {
            try target.apply(changes) { _ in .replace }
        }
        #expect(try notes(target) == before)
        try target.apply(changes, onConflict: .replace)
        #expect(try notes(target) == [[1, "x", 1]])
    }

    @Test func malformedBytesThrowATypedError() throws {
        let directory = try TemporaryDirectory()
        let db = try makeReplica(directory, "db.sqlite")
        let valid = try db.recordChanges { try $0.execute("UPDATE note SET body = 'x' WHERE id = 1") }
        let corrupt = Changeset(data: valid.data.prefix(valid.data.count - 3))
        let garbage = Changeset(data: Data("not a changeset at all".utf8))
        for changeset in [corrupt, garbage] {
            #expect(throws: ChangesetError.malformed) { try changeset.operations() }
            #expect(throws: ChangesetError.malformed) { try changeset.inverted() }
            #expect(throws: ChangesetError.malformed) { try db.apply(changeset, onConflict: .omit) }
        }
        #expect(try notes(db)[0][1] == "x")
    }

    @Test func aTableWithoutPrimaryKeyCannotBeRecorded() throws {
        let directory = try TemporaryDirectory()
        let db = try makeReplica(directory, "db.sqlite")
        #expect(throws: ChangesetError.noPrimaryKey(table: "log")) {
            try db.recordChanges(in: ["note", "log"]) { try $0.execute("INSERT INTO note VALUES (9, 'z', 9)") }
        }
        #expect(throws: ChangesetError.noPrimaryKey(table: "log")) {
            try db.recordChanges { connection in
                try connection.execute("INSERT INTO note VALUES (9, 'z', 9)")
                try connection.execute("INSERT INTO log VALUES ('wrote 9')")
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM note WHERE id = 9") == 0)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM log") == 0)
        let onlyNotes = try db.recordChanges(in: ["note"]) { connection in
            try connection.execute("INSERT INTO note VALUES (9, 'z', 9)")
            try connection.execute("INSERT INTO log VALUES ('wrote 9')")
        }
        #expect(try onlyNotes.operations().map(\.table) == ["note"])
    }

    @Test func brokenForeignKeysAbortUnlessAHandlerAcceptsThem() throws {
        let directory = try TemporaryDirectory()
        let schema = """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id));
            INSERT INTO parent VALUES (1), (2);
            """
        let source = try Database(path: directory.path("source.sqlite"))
        let target = try Database(path: directory.path("target.sqlite"))
        try source.execute(script: schema)
        try target.execute(script: schema + "INSERT INTO child VALUES (10, 1);")
        let changes = try source.recordChanges { try $0.execute("DELETE FROM parent WHERE id = 1") }
        #expect(throws: ChangesetError.conflict(.foreignKey, table: nil)) { try target.apply(changes, onConflict: .omit) }
        #expect(try target.fetchValue(Int.self, "SELECT count(*) FROM parent") == 2)
        var seen: [ChangesetConflict] = []
        try target.apply(changes) { seen.append($0); return .omit }
        #expect(seen == [ChangesetConflict(kind: .foreignKey, operation: nil, currentValues: nil, foreignKeyViolationCount: 1)])
        #expect(try target.fetchValue(Int.self, "SELECT count(*) FROM parent") == 1)
    }

    @Test func anApplyInsideATransactionRollsBackOnlyItsOwnSavepoint() throws {
        let directory = try TemporaryDirectory()
        let source = try makeReplica(directory, "source.sqlite")
        let target = try makeReplica(directory, "target.sqlite")
        let changes = try source.recordChanges { try $0.execute("UPDATE note SET body = 'x' WHERE id = 1") }
        try target.execute("UPDATE note SET body = 'here' WHERE id = 1")
        try target.write { connection in
            try connection.execute("INSERT INTO note VALUES (5, 'kept', 5)")
            #expect(throws: ChangesetError.conflict(.data, table: "note")) { try connection.apply(changes) }
            #expect(connection.isInTransaction)
        }
        #expect(try notes(target).map { $0[1] } == ["here", "b", "kept"])
    }
}
