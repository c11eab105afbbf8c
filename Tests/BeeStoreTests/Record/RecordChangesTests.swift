import Foundation
import Testing

@testable import BeeStore

@Suite("Record changes")
struct RecordChangesTests {
    struct Member: ActiveRecord, Equatable {
        var id: Int64?
        var name: String
        var score: Int
        var nickname: String?
    }

    struct Stamped: ActiveRecord {
        var id: Int64?
        var title: String
        var views: Int
        var updatedAt: Date?
    }

    /// Column names that must be quoted, one holding a quote and SQL.
    struct Hostile: ActiveRecord {
        var id: Int64?
        var label: String
        var count: Int

        enum CodingKeys: String, CodingKey {
            case id
            case label = "la\"bel; DROP TABLE hostile; --"
            case count = "select"
        }
    }

    struct Team: ActiveRecord {
        var id: Int64?
        var name: String
    }

    struct Captain: ActiveRecord {
        var id: Int64?
        var name: String
        var team: Team
    }

    struct NotEmpty: Error, Equatable {}

    struct Checked: ActiveRecord {
        var id: Int64?
        var name: String

        func validate() throws {
            if name.isEmpty { throw NotEmpty() }
        }
    }

    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("changes.sqlite")
    }

    @Test func changesListTheEditedColumnsWithBothValues() throws {
        let loaded = Member(id: 1, name: "Ada", score: 3, nickname: nil)
        var edited = loaded
        #expect(try edited.changes(from: loaded).isEmpty)
        #expect(try !edited.hasChanges(from: loaded))
        edited.score = 5
        edited.nickname = "Countess"
        #expect(try edited.changes(from: loaded) == [
            ColumnChange(column: "score", old: .integer(3), new: .integer(5)),
            ColumnChange(column: "nickname", old: .null, new: .text("Countess")),
        ])
        #expect(try edited.changedColumns(from: loaded) == ["score", "nickname"])
        #expect(try edited.hasChanges(from: loaded))
        #expect(ColumnChange(column: "score", old: .integer(3), new: .integer(5)).description == "score: 3 → 5")
    }

    /// Two databases on one file, and the key of a member saved in it.
    private func memberInTwoDatabases() throws -> (first: Database, second: Database, id: Int64) {
        let first = try Database(path: path)
        let second = try Database(path: path)
        var member = Member(name: "Ada", score: 3)
        try member.save(in: first)
        return (first, second, try #require(member.id))
    }

    @Test func twoDatabasesEditingDifferentColumnsOfOneRowKeepBothEdits() throws {
        let (first, second, id) = try memberInTwoDatabases()
        var here = try #require(try Member.find(id, in: first))
        var there = try #require(try Member.find(id, in: second))
        #expect(try here.updateChanges(in: first) { $0.name = "Ada Lovelace" })
        #expect(try there.updateChanges(in: second) { $0.score = 10 })

        let stored = try #require(try Member.find(id, in: first))
        #expect(stored == Member(id: id, name: "Ada Lovelace", score: 10))
        #expect(here.name == "Ada Lovelace" && there.score == 10)

        // A full update writes every column: the other database's edit is lost.
        var full = try #require(try Member.find(id, in: first))
        var stale = full
        full.name = "Augusta"
        try full.update(in: first)
        stale.score = 11
        try stale.update(in: second)
        #expect(try Member.find(id, in: first)?.name == "Ada Lovelace", "update(in:) wrote the copy's old name back")
    }

    @Test func anEditOfAColumnChangedUnderneathIsRefusedAsStale() throws {
        let (first, second, id) = try memberInTwoDatabases()
        var here = try #require(try Member.find(id, in: first))
        var there = try #require(try Member.find(id, in: second))

        try here.updateChanges(in: first) { $0.score = 10 }
        #expect(throws: RecordError.staleRecord(record: "Member", id: .integer(id), columns: ["score"])) {
            try there.updateChanges(in: second) { $0.score = 20 }
        }
        #expect(there.score == 3, "a refused edit leaves the copy as it was")
        #expect(try Member.find(id, in: first)?.score == 10)

        // Fetched again, the edit goes through.
        there = try #require(try Member.find(id, in: second))
        #expect(try there.updateChanges(in: second) { $0.score = 20 })
        #expect(try Member.find(id, in: first)?.score == 20)
    }

    @Test func aStaleErrorNamesEveryChangedColumnAndWritesNone() throws {
        let db = try Database(path: path)
        var member = Member(name: "Ada", score: 3)
        try member.save(in: db)
        let id = try #require(member.id)
        let loaded = member
        try db.execute("UPDATE member SET nickname = 'X' WHERE id = ?", [id])
        member.name = "Grace"
        member.nickname = "Y"
        #expect(throws: RecordError.staleRecord(record: "Member", id: .integer(id), columns: ["name", "nickname"])) {
            try member.updateChanges(in: db, from: loaded)
        }
        #expect(try Member.find(id, in: db) == Member(id: id, name: "Ada", score: 3, nickname: "X"))
        #expect(RecordError.staleRecord(record: "Member", id: .integer(id), columns: ["name"]).description.contains("\"name\""))
    }

    @Test func nothingChangedWritesNothing() throws {
        let db = try Database(path: path)
        var member = Member(name: "Ada", score: 3)
        try member.save(in: db)
        let before = db.statistics.executedStatements
        #expect(try !member.updateChanges(in: db, from: member))
        #expect(try !member.updateChanges(in: db) { $0.score = 3 })
        #expect(db.statistics.executedStatements == before, "no statement for an unchanged record")
    }

    @Test func aRecordWithoutKeyOrRowIsRefused() throws {
        let db = try Database(path: path)
        var unsaved = Member(name: "Ada", score: 3)
        #expect(throws: RecordError.notSaved(record: "Member")) {
            try unsaved.updateChanges(in: db) { $0.score = 4 }
        }
        var member = Member(name: "Ada", score: 3)
        try member.save(in: db)
        let id = try #require(member.id)
        try db.execute("DELETE FROM member")
        #expect(throws: RecordError.notFound(record: "Member", id: .integer(id))) {
            try member.updateChanges(in: db) { $0.score = 4 }
        }
        #expect(try Member.count(in: db) == 0, "nothing inserted")
    }

    @Test func updatedAtIsSetAndNeverMakesAnEditStale() throws {
        let first = try Database(path: path)
        let second = try Database(path: path)
        var post = Stamped(title: "Draft", views: 0)
        try post.save(in: first)
        let id = try #require(post.id)
        let saved = try #require(post.updatedAt)
        var here = try #require(try Stamped.find(id, in: first))
        var there = try #require(try Stamped.find(id, in: second))

        try here.updateChanges(in: first) { $0.title = "Final" }
        let stamped = try #require(here.updatedAt)
        #expect(stamped >= saved, "the saved copy holds the new time")
        #expect(try there.updateChanges(in: second) { $0.views = 7 }, "the other copy's updatedAt is not compared")
        let stored = try #require(try Stamped.find(id, in: first))
        #expect(stored.title == "Final" && stored.views == 7)
        #expect(stored.updatedAt == there.updatedAt)
    }

    @Test func hostileColumnNamesAreQuoted() throws {
        let db = try Database(path: path)
        var record = Hostile(label: "a", count: 1)
        try record.save(in: db)
        let id = try #require(record.id)
        #expect(try record.changedColumns(from: Hostile(id: id, label: "b", count: 1)) == ["la\"bel; DROP TABLE hostile; --"])
        try record.updateChanges(in: db) { $0.label = "'); DROP TABLE hostile; --" }
        let stored = try #require(try Hostile.find(id, in: db))
        #expect(stored.label == "'); DROP TABLE hostile; --" && stored.count == 1)
    }

    @Test func aBelongsToRecordCountsAsItsKeyAndMustBeSaved() throws {
        let db = try Database(path: path)
        var captain = Captain(name: "Ada", team: Team(name: "Red"))
        try captain.save(in: db)
        var blue = Team(name: "Blue")
        try blue.save(in: db)
        let blueID = try #require(blue.id)

        let loaded = captain
        captain.team = blue
        #expect(try captain.changedColumns(from: loaded) == ["team_id"])
        try captain.updateChanges(in: db, from: loaded)
        #expect(try Captain.find(captain.id, in: db)?.team.id == blueID)

        #expect(throws: RecordError.notSaved(record: "Captain.team")) {
            try captain.updateChanges(in: db) { $0.team = Team(name: "Green") }
        }
        #expect(try Team.count(in: db) == 2, "the new team is not saved")
    }

    @Test func aFailedValidationWritesNothing() throws {
        let db = try Database(path: path)
        var record = Checked(name: "Ada")
        try record.save(in: db)
        #expect(throws: NotEmpty()) {
            try record.updateChanges(in: db) { $0.name = "" }
        }
        #expect(try Checked.find(record.id, in: db)?.name == "Ada")
    }

    @Test func aWriteInsideAReadIsRefused() throws {
        let db = try Database(path: path)
        var member = Member(name: "Ada", score: 3)
        try member.save(in: db)
        _ = try db.read { _ in
            #expect(throws: RecordError.writeInsideRead(record: "Member")) {
                try member.updateChanges(in: db) { $0.score = 4 }
            }
        }
    }
}
