#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Failures on both backends: the same typed error for the same mistake, and nothing of
/// the failed statement left behind.
@Suite struct SharedErrorTests {
    /// A team and a player table with a unique name, a required name and a foreign key.
    private static func schema(_ backend: Backend) throws -> BackendDatabase {
        let db = try BackendDatabase.fresh(backend)
        try db.create(db.table("team").field("id", .integer).primaryKey().field("name", .text).notNull().unique())
        try db.create(db.table("player")
            .field("id", .integer).primaryKey()
            .field("name", .text).notNull()
            .field("team_id", .integer).references("team", column: "id"))
        try db.insert(db.from("team").set("name", "Red"))
        return db
    }

    /// Whether `body` throws a database error whose exact result code is `code`.
    private static func fails(with code: ResultCode, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch {
            return Backend.resultCode(of: error) == code
        }
    }

    @Test(arguments: Backend.allCases)
    func constraintViolationsHaveTheSameResultCodes(_ backend: Backend) throws {
        let db = try Self.schema(backend)
        #expect(Self.fails(with: .uniqueConstraint) { try db.insert(db.from("team").set("name", "Red")) })
        // A taken primary key: SQLite names the key's own constraint; PostgreSQL's SQLSTATE
        // (23505) is the one of every unique index, the primary key's included.
        let takenKey: ResultCode
        switch backend {
        case .sqlite: takenKey = .primaryKeyConstraint
        case .postgresql: takenKey = .uniqueConstraint
        }
        #expect(Self.fails(with: takenKey) { try db.execute("INSERT INTO team (id, name) VALUES (?, ?)", [1, "Blue"]) })
        #expect(Self.fails(with: .notNullConstraint) { try db.execute("INSERT INTO player (name) VALUES (?)", [nil]) })
        #expect(Self.fails(with: .foreignKeyConstraint) { try db.insert(db.from("player").set("name", "Dan").set("team_id", 7)) })
        #expect(try db.count(db.from("player")) == 0)
        try db.insert(db.from("player").set("name", "Ann").set("team_id", 1))
        #expect(Self.fails(with: .foreignKeyConstraint) { _ = try db.delete(db.from("team")) })
        #expect(try db.get(db.from("team")).map { try $0.decode(String.self, column: "name") } == ["Red"])
    }

    @Test(arguments: Backend.allCases)
    func aViolationInsideATransactionRollsItBackWhole(_ backend: Backend) throws {
        let db = try Self.schema(backend)
        #expect(Self.fails(with: .foreignKeyConstraint) {
            try db.transaction { connection in
                try connection.execute("INSERT INTO player (name, team_id) VALUES (?, ?)", ["Ann", 1])
                try connection.execute("INSERT INTO player (name, team_id) VALUES (?, ?)", ["Bob", 99])
            }
        })
        #expect(try db.count(db.from("player")) == 0)
        // A savepoint's failure is the savepoint's: the outer transaction goes on and commits.
        try db.transaction { connection in
            try connection.execute("INSERT INTO player (name, team_id) VALUES (?, ?)", ["Ann", 1])
            #expect(Self.fails(with: .uniqueConstraint) {
                try db.transaction { inner in try inner.execute("INSERT INTO team (name) VALUES (?)", ["Red"]) }
            })
        }
        #expect(try db.fetchValue(String.self, "SELECT name FROM player") == "Ann")
    }

    @Test(arguments: Backend.allCases)
    func aWriteInAReadIsRefused(_ backend: Backend) throws {
        let db = try Self.schema(backend)
        #expect(Self.fails(with: .readOnly) {
            try db.read { connection in try connection.execute("INSERT INTO team (name) VALUES (?)", ["Blue"]) }
        })
        #expect(try db.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM team") } == 1)
    }

    @Test(arguments: Backend.allCases)
    func badSQLAndUnknownNamesAreTheDatabasesErrors(_ backend: Backend) throws {
        let db = try Self.schema(backend)
        #expect(Self.fails(with: .error) { try db.execute("SELEC 1") })
        #expect(Self.fails(with: .error) { _ = try db.fetchAll("SELECT * FROM nowhere") })
        #expect(Self.fails(with: .error) { _ = try db.get(db.from("nowhere")) })
        #expect(Self.fails(with: .error) { _ = try db.get(db.from("team").where("nothing", 1)) })
        #expect(Self.fails(with: .error) { _ = try db.update(db.from("team").set("nothing", 1)) })
        // What differs is the detail: PostgreSQL's SQLSTATE, which SQLite has no counterpart of.
        let error = try #require(throws: (any Error).self) { try db.execute("SELECT nothing FROM team") }
        switch backend {
        case .sqlite:
            #expect((error as? DatabaseError)?.message.contains("nothing") == true)
        case .postgresql:
            #expect((error as? PostgreSQLError)?.sqlState == "42703")   // undefined_column
        }
    }

    @Test(arguments: Backend.allCases)
    func aValueReadAsTheWrongTypeIsAConversionError(_ backend: Backend) throws {
        let db = try Self.schema(backend)
        let row = try #require(try db.first(db.from("team")))
        #expect(throws: ConversionError.self) { try row.decode(Int.self, column: "name") }
        #expect(throws: ConversionError.self) { try row.decode(UUID.self, column: "name") }
        #expect(throws: ConversionError.self) { try row.decode(Data.self, column: "id") }
        #expect(throws: ConversionError.self) { try row.decode(String.self, column: "nothing") }
        #expect(throws: ConversionError.self) { try row.decode(Int.self, at: 9) }
        #expect(throws: ConversionError.self) { try db.fetchValue(Date.self, "SELECT name FROM team") }
    }

    @Test(arguments: Backend.allCases)
    func hostileNamesAreQuotedAndValuesBound(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        let table = #"we"ird; DROP TABLE x; -- ☃ é"#
        let column = "col\"umn e\u{301} 🐝"
        try db.create(db.table(table).field("id", .integer).primaryKey().field(column, .text))
        let value = "Robert'); DROP TABLE students;--"
        let id = try db.insert(db.from(table).set(column, value))
        #expect(try db.first(db.from(table).where(column, value))?.decode(String.self, column: column) == value)
        #expect(try db.update(db.from(table).where("id", id).set(column, "plain")) == 1)
        #expect(try db.get(db.from(table).select(column)).map { try $0.decode(String.self, at: 0) } == ["plain"])
        #expect(try db.delete(db.from(table)) == 1)
    }
}
#endif
