import Foundation
import Testing

@testable import BeeStore

/// Write verbs: each test checks the rendered SQL and arguments and what a real database holds afterwards.
@Suite("Query builder: writes")
struct QueryWriteTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, age INTEGER,
                                 nickname TEXT DEFAULT 'none');
            CREATE TABLE counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL, note TEXT);
            """)
    }

    private func people() throws -> [[Value]] {
        try db.fetchAll("SELECT id, name, email, age, nickname FROM person ORDER BY id").map(\.values)
    }

    @Test func insertWithSetReturnsTheRowID() throws {
        let query = db.from("person").set("name", "Ann").set("age", 31)
        let statement = try query.insertStatement()
        #expect(statement.sql == #"INSERT INTO "person" ("name", "age") VALUES (?, ?)"#)
        #expect(statement.arguments == ["Ann", 31])
        #expect(try query.insert() == 1)
        #expect(try db.from("person").set("name", "Bob").insert() == 2)
        #expect(try people() == [[1, "Ann", nil, 31, "none"], [2, "Bob", nil, nil, "none"]])
    }

    @Test func setAgainReplacesTheValueAndKeepsItsPlace() throws {
        let query = db.from("person").set("name", "Ann").set("age", 1).set("name", "Anna")
        #expect(try query.insertStatement().sql == #"INSERT INTO "person" ("name", "age") VALUES (?, ?)"#)
        #expect(try query.insertStatement().arguments == ["Anna", 1])
        try query.insert()
        #expect(try people() == [[1, "Anna", nil, 1, "none"]])
    }

    @Test func setNullAndNilBindNull() throws {
        let query = db.from("person").set("name", "Cy").setNull("nickname").set("age", nil)
        let statement = try query.insertStatement()
        #expect(statement.sql == #"INSERT INTO "person" ("name", "nickname", "age") VALUES (?, ?, ?)"#)
        #expect(statement.arguments == ["Cy", .null, .null])
        let id = try query.insert()
        #expect(try people() == [[.integer(id), "Cy", nil, nil, nil]], "NULL overrides the column default")
    }

    @Test func setDictionaryOrdersColumnsByName() throws {
        let values: [String: (any DatabaseValueConvertible)?] = ["name": "Dee", "email": "dee@example.com", "age": 40, "nickname": nil]
        let query = db.from("person").set(values)
        let statement = try query.insertStatement()
        #expect(statement.sql == #"INSERT INTO "person" ("age", "email", "name", "nickname") VALUES (?, ?, ?, ?)"#)
        #expect(statement.arguments == [40, "dee@example.com", "Dee", .null])
        #expect(try query.insert() == 1)
        #expect(try people() == [[1, "Dee", "dee@example.com", 40, nil]])
        let update = db.from("person").set(["age": 41, "name": "Deirdre"]).where("id", 1)
        #expect(try update.updateStatement().sql == #"UPDATE "person" SET "age" = ?, "name" = ? WHERE "id" = ?"#)
        #expect(try update.update() == 1)
        #expect(try people() == [[1, "Deirdre", "dee@example.com", 41, nil]])
    }

    @Test func insertWithNothingSetFailsBeforeRunning() throws {
        let before = db.statistics.executedStatements
        #expect(throws: QueryError.noValuesToInsert(table: "person")) { try db.from("person").insert() }
        #expect(throws: QueryError.noValuesToInsert(table: "person")) { try db.from("person").insertOrReplace() }
        #expect(throws: QueryError.noValuesToInsert(table: "person")) {
            try db.from("person").onConflict("email").doNothing().insert()
        }
        #expect(throws: QueryError.emptyName("table")) { try db.from("").set("a", 1).insert() }
        #expect(db.statistics.executedStatements == before)
        #expect(try people() == [])
    }

    @Test func insertOrReplaceReplacesTheConflictingRow() throws {
        try db.from("person").set("id", 1).set("name", "Ann").set("email", "ann@example.com").set("age", 30).insert()
        let replace = db.from("person").set("id", 7).set("name", "Annie").set("email", "ann@example.com")
        let statement = try replace.insertStatement(orReplace: true)
        #expect(statement.sql == #"INSERT OR REPLACE INTO "person" ("id", "name", "email") VALUES (?, ?, ?)"#)
        #expect(statement.arguments == [7, "Annie", "ann@example.com"])
        #expect(try replace.insertOrReplace() == 7)
        #expect(try people() == [[7, "Annie", "ann@example.com", nil, "none"]], "the old row is deleted, not merged")
        #expect(try db.from("person").set("id", 7).set("name", "Ann again").insertOrReplace() == 7)
        #expect(try people() == [[7, "Ann again", nil, nil, "none"]])
    }

    @Test func upsertDoNothingKeepsTheExistingRow() throws {
        let first = try db.from("person").set("name", "Ann").set("email", "ann@example.com").insert()
        try db.from("person").set("name", "Bob").insert()
        let query = db.from("person").set("name", "Impostor").set("email", "ann@example.com").onConflict("email").doNothing()
        let statement = try query.insertStatement()
        #expect(statement.sql == #"INSERT INTO "person" ("name", "email") VALUES (?, ?) ON CONFLICT ("email") DO NOTHING"#)
        #expect(statement.arguments == ["Impostor", "ann@example.com"])
        #expect(try query.insert() == first, "the id of the row that holds the conflicting values")
        #expect(try db.changes == 0)
        #expect(try people() == [[1, "Ann", "ann@example.com", nil, "none"], [2, "Bob", nil, nil, "none"]])

        let anyConflict = db.from("person").set("id", 2).set("name", "Other").onConflict().doNothing()
        #expect(try anyConflict.insertStatement().sql == #"INSERT INTO "person" ("id", "name") VALUES (?, ?) ON CONFLICT DO NOTHING"#)
        #expect(try anyConflict.insert() == 0, "no row was inserted and the conflict target is unknown")
        #expect(try db.from("person").set("id", 3).set("name", "Cy").onConflict().doNothing().insert() == 3)
        #expect(try db.from("person").count() == 3)
    }

    @Test func upsertDoUpdateNamedColumns() throws {
        try db.from("counter").set("name", "visits").set("value", 1).set("note", "first").insert()
        let existing = try db.from("person").set("name", "Ann").set("email", "ann@example.com").insert()
        try db.from("person").set("name", "Bob").insert()  // moves the last inserted row id on

        let query = db.from("counter").set("name", "visits").set("value", 5).set("note", "second")
            .onConflict("name").doUpdate("value")
        let statement = try query.insertStatement()
        #expect(statement.sql == #"INSERT INTO "counter" ("name", "value", "note") VALUES (?, ?, ?) ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value""#)
        #expect(statement.arguments == ["visits", 5, "second"])
        try query.insert()
        #expect(try db.fetchAll("SELECT name, value, note FROM counter").map(\.values) == [["visits", 5, "first"]])

        let person = db.from("person").set("name", "Ann B.").set("email", "ann@example.com").set("age", 33)
            .onConflict("email").doUpdate("name", "age")
        #expect(try person.insert() == existing, "the updated row's id, not the last inserted one")
        #expect(try people() == [[1, "Ann B.", "ann@example.com", 33, "none"], [2, "Bob", nil, nil, "none"]])
        let fresh = try db.from("person").set("name", "Cy").set("email", "cy@example.com").onConflict("email").doUpdate("name").insert()
        #expect(fresh == 3, "without a conflict the row is inserted")
        #expect(try db.from("person").where("id", 3).first()?["name"] == "Cy")
    }

    @Test func upsertDoUpdateWithoutNamesUpdatesEverySetColumn() throws {
        try db.from("counter").set("name", "visits").set("value", 1).set("note", "first").insert()
        let query = db.from("counter").set("name", "visits").set("value", 2).onConflict("name").doUpdate().set("note", "later")
        let statement = try query.insertStatement()
        #expect(statement.sql == #"INSERT INTO "counter" ("name", "value", "note") VALUES (?, ?, ?) ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value", "note" = excluded."note""#,
                "columns set after doUpdate() count too; the conflict target is left out")
        #expect(statement.arguments == ["visits", 2, "later"])
        try query.insert()
        #expect(try db.fetchAll("SELECT name, value, note FROM counter").map(\.values) == [["visits", 2, "later"]])
    }

    @Test func upsertWithNothingToUpdateIsRefused() throws {
        let before = db.statistics.executedStatements
        #expect(throws: QueryError.nothingToUpsert(table: "counter")) {
            try db.from("counter").set("name", "visits").onConflict("name").doUpdate().insert()
        }
        #expect(throws: QueryError.nothingToUpsert(table: "counter")) {
            try db.from("counter").set("name", "visits").set("value", 1).onConflict().doUpdate("value").insert()
        }
        #expect(db.statistics.executedStatements == before)
        #expect(try db.from("counter").count() == 0)
    }

    @Test func updateReturnsTheChangedCount() throws {
        for (name, age) in [("Ann", 30), ("Bob", 17), ("Cy", 45), ("Dee", 12)] {
            try db.from("person").set("name", name).set("age", age).insert()
        }
        let adults = db.from("person").set("nickname", "adult").where("age", .greaterThanOrEqual, 18)
        let statement = try adults.updateStatement()
        #expect(statement.sql == #"UPDATE "person" SET "nickname" = ? WHERE "age" >= ?"#)
        #expect(statement.arguments == ["adult", 18])
        #expect(try adults.update() == 2)
        #expect(try db.from("person").where("id", 99).set("age", 1).update() == 0)
        let everyone = db.from("person").setNull("nickname")
        #expect(try everyone.updateStatement().sql == #"UPDATE "person" SET "nickname" = ?"#)
        #expect(try everyone.update() == 4)
        #expect(try db.from("person").where("nickname", nil).count() == 4)
        #expect(try db.from("person").set("age", 18).where("name", "Dee").update() == 1)
        #expect(try people().map { $0[3] } == [30, 17, 45, 18])
    }

    @Test func updateWithoutSetFailsBeforeRunning() throws {
        try db.from("person").set("name", "Ann").insert()
        let before = db.statistics.executedStatements
        #expect(throws: QueryError.noValuesToUpdate(table: "person")) { try db.from("person").where("id", 1).update() }
        #expect(db.statistics.executedStatements == before)
        #expect(try people() == [[1, "Ann", nil, nil, "none"]])
    }

    @Test func deleteReturnsTheDeletedCount() throws {
        for name in ["Ann", "Bob", "Cy", "Dee"] { try db.from("person").set("name", name).insert() }
        let query = db.from("person").whereIn("name", ["Bob", "Dee", "Nobody"])
        let statement = try query.deleteStatement()
        #expect(statement.sql == #"DELETE FROM "person" WHERE "name" IN (?, ?, ?)"#)
        #expect(statement.arguments == ["Bob", "Dee", "Nobody"])
        #expect(try query.delete() == 2)
        #expect(try query.delete() == 0)
        #expect(try people().map { $0[1] } == ["Ann", "Cy"])
        #expect(try db.from("person").deleteStatement().sql == #"DELETE FROM "person""#)
        #expect(try db.from("person").delete() == 2)
        #expect(try people() == [])
    }

    @Test func emptyDeletesEveryRowWhateverTheConditions() throws {
        for name in ["Ann", "Bob", "Cy"] { try db.from("person").set("name", name).insert() }
        #expect(try db.from("person").where("name", "Ann").empty() == 3)
        #expect(try people() == [])
        #expect(try db.from("person").set("name", "Dee").insert() == 1, "without AUTOINCREMENT the numbering restarts once empty")
    }

    @Test func truncateRestartsAutoIncrementNumbering() throws {
        try db.execute("CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, line TEXT)")
        for line in ["a", "b", "c"] { try db.from("log").set("line", line).insert() }
        #expect(try db.fetchValue(Int.self, "SELECT seq FROM sqlite_sequence WHERE name = 'log'") == 3)

        // Emptying keeps the sequence: AUTOINCREMENT never reuses an id.
        #expect(try db.from("log").empty() == 3)
        #expect(try db.from("log").set("line", "d").insert() == 4)

        #expect(try db.from("log").where("line", "nothing").truncate() == 1)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_sequence WHERE name = 'log'") == 0)
        #expect(try db.from("log").set("line", "e").insert() == 1)
        #expect(try db.fetchAll("SELECT id, line FROM log").map(\.values) == [[1, "e"]])
    }

    @Test func truncateWorksWithoutAutoIncrement() throws {
        for name in ["Ann", "Bob"] { try db.from("person").set("name", name).insert() }
        let tables = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'").map { $0["name"] }
        #expect(!tables.contains("sqlite_sequence"), "no AUTOINCREMENT table exists yet")
        #expect(try db.from("person").truncate() == 2)
        #expect(try db.from("person").set("name", "Cy").insert() == 1)
        #expect(try people() == [[1, "Cy", nil, nil, "none"]])

        // With another table's sequence present, truncating this one leaves that sequence alone.
        try db.execute("CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, line TEXT)")
        try db.from("log").set("line", "a").insert()
        #expect(try db.from("person").truncate() == 1)
        #expect(try db.from("person").set("name", "Dee").insert() == 1)
        #expect(try db.fetchValue(Int.self, "SELECT seq FROM sqlite_sequence WHERE name = 'log'") == 1)
    }

    @Test func batchInsertInATransactionPreparesOnce() throws {
        var prepared = 0
        try db.transaction { _ in
            let before = db.statistics.preparedStatements
            for index in 1...1_000 {
                try db.from("person").set("name", "person \(index)").set("age", index % 90).insert()
            }
            prepared = db.statistics.preparedStatements - before
        }
        #expect(prepared == 1)
        #expect(try db.from("person").count() == 1_000)
        #expect(try db.from("person").max("id", as: Int.self) == 1_000)
        #expect(try db.from("person").where("id", 500).first()?["name"] == "person 500")
    }

    @Test func failedBatchRollsBackEntirely() throws {
        try db.from("person").set("name", "Existing").set("email", "taken@example.com").insert()
        #expect(throws: DatabaseError.self) {
            try db.transaction { _ in
                for index in 1..<1_000 {
                    try db.from("person").set("name", "p\(index)").set("email", "p\(index)@example.com").insert()
                }
                #expect(try db.from("person").count() == 1_000, "the 999 rows are visible inside the transaction")
                try db.from("person").set("name", "Last").set("email", "taken@example.com").insert()
            }
        }
        #expect(try people() == [[1, "Existing", "taken@example.com", nil, "none"]])
        #expect(try db.from("person").set("name", "Next").insert() == 2)
    }

    @Test func constraintViolationsSurfaceWithExtendedCodes() throws {
        try db.execute("CREATE TABLE account (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES person(id), balance INTEGER CHECK (balance >= 0))")
        try db.from("person").set("id", 1).set("name", "Ann").set("email", "ann@example.com").insert()

        func failure(_ query: Query) -> DatabaseError? {
            do {
                try query.insert()
                return nil
            } catch let error as DatabaseError {
                return error
            } catch {
                return nil
            }
        }
        let unique = try #require(failure(db.from("person").set("name", "B").set("email", "ann@example.com")))
        #expect(unique.extendedResultCode == .uniqueConstraint)
        #expect(unique.resultCode == .constraint)
        #expect(unique.message.contains("person.email"))
        #expect(unique.sql == #"INSERT INTO "person" ("name", "email") VALUES (?, ?)"#)

        let primaryKey = try #require(failure(db.from("person").set("id", 1).set("name", "B")))
        #expect(primaryKey.extendedResultCode == .primaryKeyConstraint)
        let notNull = try #require(failure(db.from("person").setNull("name")))
        #expect(notNull.extendedResultCode == .notNullConstraint)
        let foreignKey = try #require(failure(db.from("account").set("owner", 42).set("balance", 1)))
        #expect(foreignKey.extendedResultCode == .foreignKeyConstraint)
        let check = try #require(failure(db.from("account").set("owner", 1).set("balance", -1)))
        #expect(check.extendedResultCode == ResultCode(rawValue: 275), "SQLITE_CONSTRAINT_CHECK")

        do {
            try db.from("person").set("name", "C").set("email", "c@example.com").insert()
            try db.from("person").set("email", "ann@example.com").where("email", "c@example.com").update()
            Issue.record("the update should have failed")
        } catch let error as DatabaseError {
            #expect(error.extendedResultCode == .uniqueConstraint)
        }
        #expect(try people().map { $0[2] } == ["ann@example.com", "c@example.com"])
        #expect(try db.from("account").count() == 0)
    }
    @Test func writtenColumnsWithADotInTheirNameAreNotQualified() throws {
        try db.execute(#"CREATE TABLE setting ("app.key" TEXT PRIMARY KEY, "app.value" TEXT)"#)
        let insert = db.from("setting").set("app.key", "theme").set("app.value", "dark")
        #expect(try insert.insertStatement().sql == #"INSERT INTO "setting" ("app.key", "app.value") VALUES (?, ?)"#)
        let id = try insert.insert()
        let upsert = db.from("setting").set("app.key", "theme").set("app.value", "light").onConflict("app.key").doUpdate()
        #expect(try upsert.insertStatement().sql.hasSuffix(#"ON CONFLICT ("app.key") DO UPDATE SET "app.value" = excluded."app.value""#))
        #expect(try upsert.insert() == id)
        let update = db.from("setting").set("app.value", "blue").where(sql: #""app.key" = ?"#, ["theme"])
        #expect(try update.updateStatement().sql == #"UPDATE "setting" SET "app.value" = ? WHERE ("app.key" = ?)"#)
        #expect(try update.update() == 1)
        #expect(try db.fetchAll("SELECT * FROM setting").map(\.values) == [["theme", "blue"]])
    }
}
