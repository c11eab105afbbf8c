import Foundation
import Logging
import Testing

import BeeStore

/// The README's player record.
struct Player: ActiveRecord, Sendable {
    var id: Int64?
    var name: String
    var score: Int
}

/// Each test holds a README example verbatim between its `example:` markers, compiled
/// with the public API only (this target imports BeeStore without `@testable`), and
/// checks what it does; README.md shows exactly these examples.
@Suite("README examples")
struct ReadmeExamplesTests {
    @Test func readmeShowsExactlyTheExamplesCompiledHere() throws {
        let shown = try Readme.examples
        let tested = try Readme.testedExamples
        #expect(!shown.isEmpty)
        let untested = shown.map(\.name).filter { name in !tested.contains { $0.name == name } }
        #expect(untested.isEmpty, "README examples that no test compiles: \(untested)")
        let unshown = tested.map(\.name).filter { name in !shown.contains { $0.name == name } }
        #expect(unshown.isEmpty, "tested examples that README.md does not show: \(unshown)")
        #expect(Set(shown.map(\.name)).count == shown.count, "README.md shows each example once")
        #expect(Set(tested.map(\.name)).count == tested.count, "each example is tested once")
        for example in shown {
            #expect(tested.allSatisfy { $0.name != example.name || $0 == example }, "README example \(example.name) differs from its test")
        }
    }

    /// Async, so that the README's core example keeps compiling inside an `async` function.
    @Test func coreExample() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("readme.sqlite")
        // example: core
        let db = try Database(path: path)
        try db.execute("CREATE TABLE IF NOT EXISTS player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")

        // A transaction commits when the closure returns and rolls back when it throws;
        // a nested transaction becomes a savepoint.
        try db.transaction { connection in
            try connection.execute("INSERT INTO player (name, score) VALUES (?, ?)", ["Arthur", 100])
            try connection.execute("INSERT INTO player (name, score) VALUES (:name, :score)", ["name": "Barbara", "score": 80])
        }

        // Rows give typed values by column name or index; a wrong type throws, never crashes.
        let rows = try db.fetchAll("SELECT name, score FROM player ORDER BY score DESC")
        let best: String = try rows[0].decode(column: "name")
        let total = try db.fetchValue(Int.self, "SELECT sum(score) FROM player")

        // Reads see one snapshot and run in parallel with the writer.
        let count = try db.read { connection in
            try connection.fetchValue(Int.self, "SELECT count(*) FROM player") ?? 0
        }
        // end example
        #expect(best == "Arthur")
        #expect(total == 180)
        #expect(count == 2)
    }

    @Test func tracingExample() throws {
        // example: tracing
        var configuration = Configuration()
        configuration.trace = { statement in print(statement.duration, statement.sql) }
        configuration.logger = Logger(label: "app.db")
        configuration.slowStatementThreshold = .milliseconds(50)
        let traced = try Database.inMemory(configuration: configuration)
        try traced.execute("CREATE TABLE note (title TEXT)")
        // end example
        #expect(try traced.fetchValue(Int.self, "SELECT count(*) FROM note") == 0)
    }

    @Test func backupExample() throws {
        let directory = try TemporaryDirectory()
        // example: backup
        let live = try Database(path: directory.path("live.sqlite"))
        try live.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
        let copied = try live.backup(toPath: directory.path("backup.sqlite"), pagesPerStep: 64) { progress in
            print("\(progress.copiedPageCount) of \(progress.totalPageCount) pages")
            // throw CancellationError() here to stop: nothing is left at the destination
        }
        print(copied.isComplete)   // true
        // end example
        let copy = try Database(path: directory.path("backup.sqlite"))
        #expect(try copy.fetchValue(String.self, "PRAGMA integrity_check") == "ok")
        #expect(try copy.fetchValue(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = 'note'") == 1)
    }

    @Test func changesetsExample() throws {
        let directory = try TemporaryDirectory()
        // example: changesets
        let schema = "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, updated_at INTEGER);"
            + "INSERT INTO note VALUES (1, 'milk', 1)"
        let phone = try Database(path: directory.path("phone.sqlite"))
        let laptop = try Database(path: directory.path("laptop.sqlite"))
        try phone.execute(script: schema)
        try laptop.execute(script: schema)

        let fromPhone = try phone.recordChanges(in: ["note"]) { connection in
            try connection.execute("UPDATE note SET body = 'oat milk', updated_at = 5 WHERE id = 1")
        }
        let fromLaptop = try laptop.recordChanges(in: ["note"]) { connection in
            try connection.execute("UPDATE note SET body = 'almond milk', updated_at = 7 WHERE id = 1")
            try connection.execute("INSERT INTO note VALUES (2, 'bread', 7)")
        }
        for operation in try fromLaptop.operations() {
            print(operation.table, operation.kind, operation.newValues)   // an audit trail
        }
        let laterUpdateWins: (ChangesetConflict) -> ChangesetConflict.Resolution = { conflict in
            // Column 2 is updated_at: the incoming row's, and the row in the way (data conflicts only).
            guard case .integer(let incoming)? = conflict.operation?.newValues[2],
                  case .integer(let current)? = conflict.currentValues?[2] else { return .omit }
            return incoming > current ? .replace : .omit
        }
        try phone.apply(fromLaptop, onConflict: laterUpdateWins)
        try laptop.apply(fromPhone, onConflict: laterUpdateWins)   // both: almond milk, bread
        try laptop.apply(fromLaptop.inverted())                     // undo the laptop's own edit
        // end example
        let phoneNotes = try phone.fetchAll("SELECT id, body FROM note ORDER BY id").map { try $0.decode(String.self, at: 1) }
        #expect(phoneNotes == ["almond milk", "bread"])
        #expect(try laptop.fetchAll("SELECT body FROM note ORDER BY id").map { try $0.decode(String.self, at: 0) } == ["milk"])
    }

    @Test func timeLimitExample() throws {
        // example: time-limit
        var limited = Configuration()
        limited.statementTimeLimit = .milliseconds(500)
        limited.allowsAttach = false       // ATTACH and DETACH fail as they are prepared
        let guarded = try Database.inMemory(configuration: limited)
        do {
            _ = try guarded.fetchValue(Int.self, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r")
        } catch let error as StatementTimeLimitExceeded {
            print(error.timeLimit, error.sql)   // interrupted after about half a second
        }
        // end example
        #expect(throws: StatementTimeLimitExceeded.self) {
            try guarded.fetchValue(Int.self, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r")
        }
        #expect(throws: DatabaseError.self) { try guarded.execute("ATTACH DATABASE ':memory:' AS other") }
    }

    @Test func asyncExample() async throws {
        let db = try Database.inMemory()
        try await db.performWrite { connection in
            try connection.execute("CREATE TABLE player (name TEXT, score INTEGER)")
            try connection.execute("INSERT INTO player VALUES ('Arthur', 100), ('Barbara', 80)")
        }
        // example: async
        let names = try await db.performRead { connection in
            try connection.fetchAll("SELECT name FROM player").map { try $0.decode(String.self, at: 0) }
        }
        try await db.performWrite { connection in
            try connection.execute("UPDATE player SET score = score + 1")
        }
        let leaders = try await db.perform { db in
            try db.from("player").orderDesc("score").limit(1).get()
        }
        // end example
        #expect(leaders.map { $0["name"] } == ["Arthur"])
        #expect(Set(names) == ["Arthur", "Barbara"])
        #expect(try await db.performRead { try $0.fetchValue(Int.self, "SELECT sum(score) FROM player") } == 182)
    }

    @Test func seedExample() throws {
        let db = try Database.inMemory()
        // example: seed
        try db.table("blogs")
            .field("id", .integer, size: 12).primaryKey().autoIncrement()
            .field("title", .text, size: 20)
            .index(on: "title")
            .createIfNotExists()

        let id = try db.from("blogs").set("title", "Hello, world!").insert()
        try db.from("blogs").set("title", "Hello, world2!").where("id", id).update()
        let count = try db.from("blogs").count()
        let page = try db.from("blogs").orderAsc("id").offset(0).limit(10).get()
        try db.from("blogs").where("id", id).delete()
        // end example
        #expect(count == 1)
        #expect(page.map { $0["title"] } == ["Hello, world2!"])
        #expect(try db.from("blogs").count() == 0)
    }

    @Test func conditionsExample() throws {
        let db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE post (id INTEGER PRIMARY KEY, title TEXT, category TEXT, status TEXT, views INTEGER);
            INSERT INTO post (title, category, status, views) VALUES
                ('Swift news', 'news', 'published', 10), ('Swift tips', 'tech', 'published', 500),
                ('Swift draft', 'news', 'draft', 900), ('Rust news', 'news', 'published', 50);
            CREATE TABLE counter (name TEXT PRIMARY KEY, value INTEGER);
            """)
        // example: conditions
        let popular = db.from("post")
            .where { $0.where("category", "news").orWhere("views", .greaterThan, 200) }
            .whereNotIn("status", ["draft", "hidden"])
            .like("title", "swift")
            .orderDesc("views")
            .limit(5)
        // SELECT * FROM "post" WHERE ("category" = ? OR "views" > ?) AND "status" NOT IN (?, ?)
        //   AND "title" LIKE ? ESCAPE '\' ORDER BY "views" DESC LIMIT ?
        let rows = try popular.get()
        let best = try db.from("post").where("category", "news").max("views", as: Int.self)
        try db.from("counter").set("name", "visits").set("value", 1).onConflict("name").doUpdate("value").insert()
        // end example
        #expect(popular.sql == #"SELECT * FROM "post" WHERE ("category" = ? OR "views" > ?) AND "status" NOT IN (?, ?) AND "title" LIKE ? ESCAPE '\' ORDER BY "views" DESC LIMIT ?"#)
        #expect(rows.map { $0["title"] } == ["Swift tips", "Swift news"])
        #expect(best == 900)
        #expect(try db.fetchValue(Int.self, "SELECT value FROM counter") == 1)
    }

    @Test func expressionsExample() throws {
        let db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE line (id INTEGER PRIMARY KEY, product TEXT, status TEXT, price REAL, quantity INTEGER);
            INSERT INTO line (product, status, price, quantity) VALUES
                ('pen', 'OPEN', 1.5, 10), ('book', 'open', 12, 20), ('desk', 'Open', 150, 2), ('lamp', 'closed', 40, 3);
            CREATE TABLE review (id INTEGER PRIMARY KEY, line_id INTEGER);
            INSERT INTO review (line_id) VALUES (2);
            """)
        // example: expressions
        let price = SQLExpression.column("price"), quantity = SQLExpression.column("quantity")
        let large = db.from("line")
            .select("product")
            .select(price * quantity, as: "total")
            .where(price * quantity > 100 && .lower(.column("status")) == "open")
            .order(by: price * quantity, .descending)
        // SELECT "product", ("price" * "quantity") AS "total" FROM "line"
        //   WHERE ((("price" * "quantity") > ?) AND (lower("status") = ?)) ORDER BY ("price" * "quantity") DESC
        let reviewed = db.from("line").where(.exists(db.from("review").where(.column("review.line_id") == .column("line.id"))))
        let ranked = db.from("line").select(.column("product"), SQLExpression.rank.over(orderBy: [(price, .descending)]))
        let rows = try large.get()
        // end example
        #expect(large.sql == #"SELECT "product", ("price" * "quantity") AS "total" FROM "line" WHERE ((("price" * "quantity") > ?) AND (lower("status") = ?)) ORDER BY ("price" * "quantity") DESC"#)
        #expect(try rows.map { try $0.decode(String.self, at: 0) } == ["desk", "book"])
        #expect(try rows.map { try $0.decode(Double.self, column: "total") } == [300, 240])
        #expect(try reviewed.get().map { try $0.decode(String.self, column: "product") } == ["book"])
        #expect(try ranked.orderAsc("id").get().map { try $0.decode(Int.self, at: 1) } == [4, 3, 1, 2])
    }

    @Test func statementsExample() throws {
        let db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE line (id INTEGER PRIMARY KEY, product TEXT, status TEXT, price REAL, quantity INTEGER);
            INSERT INTO line (product, status, price, quantity) VALUES
                ('pen', 'open', 1.5, 10), ('book', 'open', 12, 20), ('lamp', 'closed', 40, 3);
            """)
        let price = SQLExpression.column("price"), quantity = SQLExpression.column("quantity")
        // example: statements
        let recent = db.from("line").where("status", "open")
        let totals = db.from("recent").with("recent", as: recent).select(.sum(price * quantity))
        let numbers = db.from("n").with(recursive: "n", columns: ["n"], as: db.select(.value(1))
            .unionAll(db.from("n").select(.column("n") + 1).where(.column("n") < 5)))
        let id = try db.from("line").set("product", "cap").set("price", 2.5).insert(returning: .column("id"), as: Int64.self)
        let removed = try db.from("line").where("status", "closed").delete(returning: .column("product"), as: String.self)
        try db.from("line").insert(rows: [["product": "ink", "price": 3.0], ["product": "nib", "price": 0.5]])
        let postgreSQL = try recent.rendered(for: .postgreSQL).selectStatement().sql
        // SELECT * FROM "line" WHERE "status" = $1
        try db.table("setting").field("name", .text).primaryKey().field("value", .blob).withoutRowID().create()
        // end example
        #expect(try totals.first()?.decode(Double.self, at: 0) == 255)
        #expect(try numbers.get().map { try $0.decode(Int.self, at: 0) } == [1, 2, 3, 4, 5])
        #expect(id == 4)
        #expect(removed == ["lamp"])
        #expect(try db.from("line").count() == 5)
        #expect(postgreSQL == #"SELECT * FROM "line" WHERE "status" = $1"#)
    }

    @Test func fullTextSearchExample() throws {
        struct Book: ActiveRecord {
            var id: Int64?
            var title: String
            var summary: String
        }
        let db = try Database.inMemory()
        var book = Book(title: "Desserts", summary: "La crème brûlée, step by step")
        try book.save(in: db)
        // example: full-text-search
        try db.fullTextTable("book_search").column("title").column("summary")
            .tokenizer(.porter()).prefixes(2, 3)
            .synchronized(with: "book")
            .create()
        let pattern = FullTextPattern(matchingAllTokensIn: "creme brulee")  // nil for text without a word
        let books = try pattern.map { pattern in
            try Book.query(in: db).matching(pattern, in: "book_search").order(by: .column("book_search.rank")).records()
        } ?? []
        let extracts = try db.from("book_search").select(.snippet("book_search", column: 1))
            .matching(FullTextPattern(matchingPrefixesIn: "brul")!).get()
        // end example
        #expect(books.map(\.title) == ["Desserts"])
        #expect(try extracts.first?.decode(String.self, at: 0) == "La crème <b>brûlée</b>, step by step")
    }

    @Test func functionsExample() throws {
        // example: functions
        var configuration = Configuration()
        configuration.prepareConnection = { connection in
            try connection.add(DatabaseFunction("initials", isDeterministic: true) { (name: String) in
                String(name.split(separator: " ").compactMap(\.first))
            })
            try connection.add(DatabaseCollation.localized)
        }
        let people = try Database.inMemory(configuration: configuration)
        try people.table("person").field("name", .text).collate("localized").create()
        try people.from("person").insert(rows: [["name": "Émile Zola"], ["name": "Ada Lovelace"]])
        let initials = try people.from("person").select(.function("initials", .column("name"))).order(by: "name").get()
        // end example
        #expect(try initials.map { try $0.decode(String.self, at: 0) } == ["AL", "ÉZ"])
    }

    @Test func recordsExample() throws {
        let db = try Database.inMemory()
        // example: records
        struct Author: ActiveRecord {
            var id: Int64?
            var name: String
        }

        struct Comment: ActiveRecord {
            var id: Int64?
            var text: String
        }

        struct Article: ActiveRecord {
            var id: Int64?
            var title: String
            var author: Author          // belongs-to: always loaded, it is not optional
            var comments: [Comment]?    // has-many: loaded when a query includes it, nil otherwise
            var tags: [String]          // JSON text
        }

        var article = Article(
            title: "Hello", author: Author(name: "Ann"),
            comments: [Comment(text: "First!")], tags: ["swift", "sqlite"])
        try article.save(in: db)                     // keys filled in across the graph

        let found = try Article.find(article.id!, in: db)                      // comments: nil (not loaded)
        let full = try Article.query(in: db).including("comments").find(article.id!)
        let byAnn = try Article.query(in: db).joining("author").where("author.name", "Ann").records()
        article.comments?.append(Comment(text: "Second"))
        try article.save(in: db)                     // inserts the new comment, sets its foreign key
        try article.delete(in: db)                   // comments are let go (nullify), the author stays
        // end example
        #expect(found?.author.name == "Ann")
        #expect(found?.comments == nil)
        #expect(found?.tags == ["swift", "sqlite"])
        #expect(full?.comments?.map(\.text) == ["First!"])
        #expect(byAnn.map(\.title) == ["Hello"])
        #expect(try Comment.count(in: db) == 2)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM comment WHERE article_id IS NULL") == 2)
        #expect(try Article.count(in: db) == 0)
        #expect(try Author.count(in: db) == 1)

        var draft = Article(title: "Draft", author: Author(name: "Bo"), comments: nil, tags: [])
        try draft.save(in: db)
        // example: record-transaction
        try db.transaction { connection in
            var ann = Author(name: "Ann")
            try ann.save(in: connection)
            var article = Article(title: "Second", author: ann, comments: [], tags: [])
            try article.save(in: connection)
            try Article.where("title", "Draft").deleteAll(in: connection)
        }   // all of it commits here, or none of it when the closure throws
        let count = try db.read { connection in try Article.count(in: connection) }
        // end example
        #expect(count == 1)
        #expect(try Article.all(in: db).map(\.title) == ["Second"])
        #expect(try Author.count(in: db) == 3)
    }

    @Test func relationAggregatesExample() throws {
        let db = try Database.inMemory()
        struct Track: ActiveRecord {
            var id: Int64?
            var name: String
        }

        struct Album: ActiveRecord {
            var id: Int64?
            var title: String
            var tracks: [Track]?
        }

        struct Artist: ActiveRecord {
            var id: Int64?
            var name: String
            var albums: [Album]?
        }
        var many = Artist(name: "Many", albums: (1...11).map { Album(title: "A\($0)", tracks: []) })
        var few = Artist(name: "Few", albums: [Album(title: "Long", tracks: [Track(name: "1"), Track(name: "2")])])
        try many.save(in: db)
        try few.save(in: db)
        // example: relation-aggregates
        let prolific = try Artist.query(in: db).where(.count(of: "albums") > 10).records()
        let longest = try Album.query(in: db)
            .annotated(with: .count(of: "tracks"), as: "trackCount")
            .order(by: .count(of: "tracks"), .descending)
            .limit(5)
            .annotatedRecords()
        let counts = try longest.map { try $0.annotations.decode(Int.self, column: "trackCount") }
        // end example
        #expect(prolific.map(\.name) == ["Many"])
        #expect(longest.first?.record.title == "Long")
        #expect(counts == [2, 0, 0, 0, 0])
    }

    @Test func mappingExample() throws {
        let db = try Database.inMemory()
        try db.execute(script: """
            CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL,
                                ArtistId INTEGER NOT NULL REFERENCES Artist (ArtistId));
            INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Accept');
            INSERT INTO Album VALUES (1, 'For Those About To Rock', 1), (2, 'Balls to the Wall', 2), (3, 'Let There Be Rock', 1);
            """)
        let mappedTables = "SELECT sql FROM sqlite_master WHERE tbl_name IN ('Artist', 'Album') ORDER BY name"
        let schema = try db.fetchAll(mappedTables)
        // example: mapping
        struct Artist: ActiveRecord {
            var id: Int64?
            var name: String?
            var albums: [Album]?

            static let mapping = RecordMapping(table: "Artist", primaryKey: "ArtistId")
                .column("name", "Name")
                .hasMany("albums", foreignKey: "ArtistId", onDelete: .cascade)
        }

        struct Album: ActiveRecord {
            var id: Int64?
            var title: String
            var artist: Artist?

            static let mapping = RecordMapping(table: "Album", primaryKey: "AlbumId")
                .column("title", "Title")
                .belongsTo("artist", column: "ArtistId")
        }

        struct Tag: ActiveRecord {
            var id: String                       // a key the app assigns
            var label: String
        }

        struct Bookmark: ActiveRecord {
            var id: UUID
            var url: String
            var tags: [Tag]?

            static let mapping = RecordMapping().manyToMany("tags", through: "bookmark_tag", ordered: true)
        }

        let artists = try Artist.query(in: db).including("albums").orderAsc("Name").records()
        let byArtist = try Album.query(in: db).joining("artist").orderAsc("artist.Name").limit(10).records()
        var bookmark = Bookmark(id: UUID(), url: "https://swift.org", tags: [Tag(id: "swift", label: "Swift")])
        try bookmark.save(in: db)
        // end example
        #expect(artists.map { $0.albums?.map(\.title) ?? [] } == [["For Those About To Rock", "Let There Be Rock"], ["Balls to the Wall"]])
        #expect(byArtist.map(\.title) == ["For Those About To Rock", "Let There Be Rock", "Balls to the Wall"])
        #expect(try Bookmark.query(in: db).including("tags").find(bookmark.id)?.tags?.map(\.label) == ["Swift"])
        #expect(try db.fetchAll(mappedTables) == schema, "mapped tables are never altered")
    }

    @Test func compositeKeyExample() throws {
        let db = try Database.inMemory()
        try db.execute("""
            CREATE TABLE PlaylistTrack (PlaylistId INTEGER NOT NULL, TrackId INTEGER NOT NULL,
                                        PRIMARY KEY (PlaylistId, TrackId)) WITHOUT ROWID
            """)
        // example: composite-key
        struct PlaylistTrack: ActiveRecord {
            typealias ID = CompositeKey
            var playlistId: Int64
            var trackId: Int64

            static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
                .column("playlistId", "PlaylistId")
                .column("trackId", "TrackId")
        }

        var entry = PlaylistTrack(playlistId: 1, trackId: 2)
        try entry.save(in: db)
        let found = try PlaylistTrack.find(CompositeKey(1, 2), in: db)   // entry.id == CompositeKey(1, 2)
        try entry.delete(in: db)
        // end example
        #expect(found?.trackId == 2)
        #expect(entry.id == CompositeKey(1, 2))
        #expect(try PlaylistTrack.count(in: db) == 0)
    }

    @Test func declaredPropertiesExample() throws {
        struct InvalidEmail: Error {
            init(_ email: String) {}
        }
        struct Team: ActiveRecord {
            var id: Int64?
            var name: String
        }
        // example: declared-properties
        struct Member: ActiveRecord {
            var id: Int64?
            var email: String
            var team: Team?

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decodeIfPresent(Int64.self, forKey: .id)
                email = try container.decode(String.self, forKey: .email)
                guard email.contains("@") else { throw InvalidEmail(email) }
                team = try container.decodeIfPresent(Team.self, forKey: .team)
            }

            static let mapping = RecordMapping().properties(
                RecordProperty("id", Int64?.self),
                RecordProperty("email", String.self),
                RecordProperty("team", Team?.self))
        }
        // end example
        let db = try Database.inMemory()
        var member = try Member(jsonString: #"{"email": "ann@example.com"}"#)
        member.team = Team(name: "Bees")
        try member.save(in: db)
        #expect(throws: InvalidEmail.self) { try Member(jsonString: #"{"email": "nobody"}"#) }
        #expect(try Member.query(in: db).including("team").find(member.id ?? 0)?.team?.name == "Bees")
    }

    @Test func recordMigrationsExample() throws {
        let directory = try TemporaryDirectory()
        let appPath = directory.path("app.sqlite")
        struct Note: ActiveRecord {
            var id: Int64?
            var title: String
        }
        // example: record-migrations
        var configuration = Configuration()
        configuration.schemaOwnership = .managed
        let app = try Database(path: appPath, configuration: configuration)

        var schema = Migrator(database: app)
        try schema.register(Migration("0001_create_notes", version: "1") { connection in
            try connection.updateTables(for: Note.self)
        })
        try schema.register(Migration("0002_index_titles", sql: "CREATE INDEX note_on_title ON note (title)"))
        try schema.migrate()
        var note = Note(title: "Hello")
        try note.save(in: app)                       // the table is the migrations'
        // end example
        #expect(note.id == 1)
        #expect(try app.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = 'note_on_title'") == 1)
    }

    @Test func migrationsExample() throws {
        let db = try Database.inMemory()
        // example: migrations
        var migrator = Migrator(database: db)
        try migrator.register(Migration(
            "0001_create_player", sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
            downSQL: "DROP TABLE player"))
        try migrator.register(Migration("0002_add_score", version: "1", up: { connection in
            try connection.execute("ALTER TABLE player ADD COLUMN score INTEGER NOT NULL DEFAULT 0")
        }))
        let applied = try migrator.migrate()          // ["0001_create_player", "0002_add_score"]
        let states = try migrator.status().map(\.state) // [.applied, .applied]

        // What ALTER TABLE cannot do (new constraints, a changed type), in SQLite's 12 steps:
        try db.rebuildTable("player", definition: "id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER NOT NULL DEFAULT 0")
        // end example
        #expect(applied == ["0001_create_player", "0002_add_score"])
        #expect(states == [.applied, .applied])
        try db.execute("INSERT INTO player (name) VALUES ('Ann')")
        #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO player (name) VALUES ('Ann')") }
    }

    @Test func cachesExample() throws {
        let directory = try TemporaryDirectory()
        let cacheDirectory = directory.url.appendingPathComponent("cache")
        let settingsPath = directory.path("settings.sqlite")
        // example: caches
        // Memory: O(1) least-recently-used eviction under count, cost and age limits.
        let thumbnails = MemoryCache<String, Data>(countLimit: 500, costLimit: 20 << 20, ageLimit: 600)
        thumbnails.setValue(Data(count: 1024), forKey: "photo-1", cost: 1024)

        // Files: a SQLite manifest with checksums; small values inline, large ones in files
        // the manifest numbers; atomic writes; survives restarts.
        let files = try FileCache(directory: cacheDirectory, byteLimit: 100 << 20)
        try files.setValue(Data("<svg/>".utf8), forKey: "https://example.com/logo.svg")

        // Settings in SQLite, durable when the call returns, with typed keys and namespaces.
        let settings = try KeyValueStore(path: settingsPath)
        let theme = StoreKey<String>("theme")
        try settings.setValue("dark", for: theme)
        let observation = settings.observe(theme) { print("theme: \($0 ?? "default")") }
        try settings.inNamespace("user-42").setValue(true, forKey: "onboarded")

        // Memory in front of files; concurrent misses of one key load it once.
        let profiles = Cache<[String]>(file: files)
        let names = try profiles.value(forKey: "team") { ["Ann", "Ben"] }
        // end example
        observation.cancel()
        #expect(thumbnails.value(forKey: "photo-1")?.count == 1024)
        #expect(try files.value(forKey: "https://example.com/logo.svg") == Data("<svg/>".utf8))
        #expect(try settings.value(for: theme) == "dark")
        #expect(try settings.inNamespace("user-42").value(forKey: "onboarded", as: Bool.self) == true)
        #expect(names == ["Ann", "Ben"])
    }

    @Test func modelsExample() async throws {
        let db = try Database.inMemory()
        let settings = try KeyValueStore(database: db)
        var ann = Player(name: "Ann", score: 10)
        try ann.save(in: db)
        // example: models
        struct Counter: Codable, Sendable {
            var taps = 0
        }

        let counter = Model(Counter(), cache: settings, cacheKey: "counter", autoLoad: true, autoSave: true)
        let watch = counter.observe { change in print("\(change.kind): \(change.state.taps) taps") }
        counter.update { $0.taps += 1 }                // observers told, state saved

        // Rows of a query, now and after every commit that changes them.
        let top = try db.from("player").orderDesc("score").limit(3).observe { rows in
            print("top players:", rows.map { $0["name"] })
        }

        // Or records, as an async sequence.
        for try await players in try Player.query(in: db).orderAsc("name").values() {
            print(players.map(\.name))
            break
        }

        // A model holding a query's records, refreshed when they change anywhere in the app.
        let roster = try RecordsModel(Player.query(in: db).orderAsc("name"))
        // end example
        watch.cancel()
        top.cancel()
        roster.stopObserving()
        #expect(try settings.value(forKey: "counter", as: Counter.self)?.taps == 1)
        #expect(roster.state.map(\.name) == ["Ann"])
    }

    @Test func observedRowsExample() throws {
        let db = try Database.inMemory()
        var ann = Player(name: "Ann", score: 10)
        var bob = Player(name: "Bob", score: 20)
        try ann.save(in: db)
        try bob.save(in: db)
        // example: observed-rows
        // One player's name: commits that change other players, or only the score of this one,
        // do not fetch it again.
        let name = try db.from("player").select("name").where("id", 1).observe { rows in
            print("player 1:", rows.first?["name"] ?? "gone")
        }
        try db.from("player").where("id", 2).set("score", 99).update()    // not fetched again
        try db.from("player").where("id", 1).set("score", 12).update()    // not fetched again
        try db.from("player").where("id", 1).set("name", "Ana").update()  // fetched again
        // end example
        name.cancel()
        #expect(try db.from("player").orderAsc("id").get().map { $0["name"] } == ["Ana", "Bob"])
    }

    @Test func recordAPIExample() throws {
        let db = try Database.inMemory()
        // example: record-api
        struct InvalidURL: Error { let url: String }

        struct Bookmark: ActiveRecord {
            var id: Int64?
            var url: String
            var title: String
            var visits = 0
            var createdAt: Date?                 // set by the first save
            var updatedAt: Date?                 // set by every save

            func validate() throws {             // before each save: throwing writes nothing
                guard url.hasPrefix("https://") else { throw InvalidURL(url: url) }
            }
        }

        var bookmark = Bookmark(url: "https://swift.org", title: "Swift")
        try bookmark.save(in: db)

        let known = try Bookmark.exists(by: ["url": "https://swift.org"], in: db)
        let swift = try Bookmark.find(by: ["url": "https://swift.org"], in: db)
        try Bookmark.where("url", bookmark.url).increment("visits", by: 1, in: db)
        try Bookmark.where("visits", 0).updateAll(["title": "Unread"], in: db)
        let popular = try Bookmark.where("visits", .greaterThan, 0).records(in: db)
        let titles = try Bookmark.orderAsc("title").pluck("title", as: String.self, in: db)
        try Bookmark.query(in: db).forEach { bookmark in   // one record in memory at a time
            print(bookmark.url)
        }

        // Any Decodable struct, from SQL or from the query builder, by column name.
        struct Visit: Decodable {
            var url: String
            var visits: Int
        }
        let visits = try db.fetchAll(Visit.self, "SELECT url, visits FROM bookmark WHERE visits > ?", [0])
        let top = try db.from("bookmark").orderDesc("visits").fetchOne(Visit.self)
        // end example
        #expect(known)
        #expect(swift?.createdAt != nil && swift?.createdAt == swift?.updatedAt)
        #expect(popular.map(\.visits) == [1])
        #expect(titles == ["Swift"])
        #expect(visits.map(\.url) == ["https://swift.org"])
        #expect(top?.visits == 1)
        var invalid = Bookmark(url: "ftp://example.com", title: "FTP")
        #expect(throws: InvalidURL.self) { try invalid.save(in: db) }
        #expect(try Bookmark.count(in: db) == 1)
    }
}
