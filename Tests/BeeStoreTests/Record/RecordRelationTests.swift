import Foundation
import Testing

@testable import BeeStore

struct Author: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
}

struct Comment: ActiveRecord, Equatable {
    var id: Int64?
    var text: String
    var author: Author?
}

struct Post: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
    var author: Author
    var comments: [Comment]
    var related: [Post]?

    static let mapping = RecordMapping().manyToMany("related", ordered: true)
}

/// A member's profile, kept by its `member_id` foreign key (a has-one relation).
struct MemberProfile: ActiveRecord, Equatable {
    var id: Int64?
    var bio: String
}

struct Member: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var profile: MemberProfile?

    static let mapping = RecordMapping().hasOne("profile", onDelete: .cascade)
}

/// A child whose `text` must be unique, to make a graph save fail half way.
struct StrictChild: ActiveRecord, Equatable {
    var id: Int64?
    var text: String
}

struct StrictParent: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var children: [StrictChild]
}

/// A class child whose `text` must be unique, to make a graph save of classes fail half way.
final class StrictChildObject: ActiveRecord {
    var id: Int64?
    var text: String

    init(text: String) {
        self.text = text
    }
}

final class StrictParentObject: ActiveRecord {
    var id: Int64?
    var name: String
    var children: [StrictChildObject]

    init(name: String, children: [StrictChildObject]) {
        self.name = name
        self.children = children
    }
}

final class Node2: ActiveRecord {
    var id: Int64?
    var name: String
    var next: Node2?

    init(name: String, next: Node2? = nil) {
        self.name = name
        self.next = next
    }
}

/// Two records that require each other, which no value can satisfy.
final class Egg: ActiveRecord {
    var id: Int64?
    var hen: Hen

    init(hen: Hen) { self.hen = hen }
}

final class Hen: ActiveRecord {
    var id: Int64?
    var name: String
    var egg: Egg

    init(name: String, egg: Egg) {
        self.name = name
        self.egg = egg
    }
}

final class Employee: ActiveRecord {
    var id: Int64?
    var name: String
    var manager: Manager?

    init(name: String, manager: Manager?) {
        self.name = name
        self.manager = manager
    }
}

final class Manager: ActiveRecord {
    var id: Int64?
    var name: String
    var assistant: Employee?

    init(name: String, assistant: Employee?) {
        self.name = name
        self.assistant = assistant
    }
}


/// A user with a has-one profile, and folders whose has-many rules are declared.
struct Account: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var profile: AccountProfile?

    static let mapping = RecordMapping().hasOne("profile", onDelete: .cascade)
}

struct AccountProfile: ActiveRecord, Equatable {
    var id: Int64?
    var bio: String
}

struct Drawer: ActiveRecord, Equatable {
    var id: Int64?
    var label: String
    var files: [Sheet]?
    var locked: [Seal]?

    static let mapping = RecordMapping()
        .hasMany("files", onDelete: .cascade)
        .hasMany("locked", onDelete: .restrict)
}

struct Sheet: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
}

struct Seal: ActiveRecord, Equatable {
    var id: Int64?
    var mark: String
}

/// An employee who reports to another: a belongs-to and its inverse has-many on one table.
final class Staff: ActiveRecord {
    var id: Int64?
    var name: String
    var manager: Staff?
    var reports: [Staff]?

    init(name: String, reports: [Staff]? = nil) {
        self.name = name
        self.reports = reports
    }
}

/// A folder of folders and leaves: one record type loaded at several depths of a fetch.
struct Folder: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var subfolders: [Folder]
    var leaves: [Leaf]
}

struct Leaf: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
}

@Suite("Records: relations")
struct RecordRelationTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
    }

    private func makePost(_ title: String = "Hello") -> Post {
        let ann = Author(name: "Ann")
        return Post(
            title: title, author: ann,
            comments: [Comment(text: "first", author: Author(name: "Bob")), Comment(text: "second", author: nil)],
            related: nil)
    }

    @Test func savingAGraphFillsEveryID() throws {
        var post = makePost()
        try post.save(in: db)
        #expect(post.id == 1)
        #expect(post.author.id != nil)
        #expect(post.comments.map(\.id) == [1, 2])
        #expect(post.comments[0].author?.id != nil)
        #expect(try Author.count(in: db) == 2)
        #expect(try Comment.count(in: db) == 2)
    }

    @Test func fetchingLoadsRequiredRelationsAndTheIncludedOnes() throws {
        var post = makePost()
        try post.save(in: db)
        let plain = try #require(try Post.find(1, in: db))
        #expect(plain.author == post.author, "a required relation is always loaded")
        #expect(plain.comments.map(\.text) == ["first", "second"])
        #expect(plain.comments.map(\.author) == [nil, nil], "an optional relation not included is not loaded")
        #expect(plain.related == nil)

        let full = try #require(try Post.query(in: db).including("comments.author", "related").find(1))
        var expected = post
        expected.related = []
        #expect(full == expected)
        #expect(full.comments[0].author?.name == "Bob")
        #expect(full.related == [], "an included relation without records is an empty list")
        #expect(throws: RecordError.unknownRelation(record: "Post", relation: "comments.writer")) {
            try Post.query(in: db).including("comments.writer").records()
        }
    }

    @Test func savingAParentDoesNotWriteItsExistingChildrenFromItsCopy() throws {
        var post = makePost()
        try post.save(in: db)
        // Edited on its own, later than the parent's copy was loaded.
        var comment = try #require(try Comment.find(1, in: db))
        comment.text = "edited on its own"
        try comment.save(in: db)
        post.title = "Renamed"
        try post.save(in: db)
        #expect(try Comment.find(1, in: db)?.text == "edited on its own", "the newer edit stays")
        #expect(try Post.find(1, in: db)?.title == "Renamed")

        post.comments[0].text = "edited through the parent"
        post.author.name = "Ann B."
        try post.save(in: db, updatingRelated: true)
        #expect(try Comment.find(1, in: db)?.text == "edited through the parent")
        #expect(try Author.find(post.author.id ?? 0, in: db)?.name == "Ann B.")
        #expect(try Comment.count(in: db) == 2, "updated, not duplicated")
    }

    @Test func removingAChildNullifiesItsForeignKeyByDefault() throws {
        var post = makePost()
        post.comments.append(Comment(text: "third", author: nil))
        try post.save(in: db)
        post.comments.remove(at: 0)
        try post.save(in: db)
        let fetched = try #require(try Post.find(1, in: db))
        #expect(fetched.comments.map(\.text) == ["second", "third"])
        #expect(try Comment.count(in: db) == 3, "a removed child is let go, not deleted")
        #expect(try db.fetchValue(Int64.self, "SELECT post_id FROM comment WHERE text = 'first'") == nil)
    }

    @Test func aChildMovesToAnotherParent() throws {
        var first = makePost("first")
        var second = makePost("second")
        try first.save(in: db)
        try second.save(in: db)
        second.comments.append(first.comments.removeFirst())
        var both = [first, second]
        try both.save(in: db)
        #expect(try Post.find(first.id ?? 0, in: db)?.comments.map(\.text) == ["second"])
        #expect(try Post.find(second.id ?? 0, in: db)?.comments.map(\.id) == [1, 3, 4])
        #expect(try Comment.count(in: db) == 4)
    }

    @Test func aNilOptionalBelongsToNeverErasesTheStoredForeignKey() throws {
        var comment = Comment(text: "alone", author: Author(name: "Cy"))
        try comment.save(in: db)
        // Loaded on its own, the author is not loaded: nil. Saving must not erase it.
        var loaded = try #require(try Comment.find(1, in: db))
        #expect(loaded.author == nil)
        loaded.text = "edited"
        try loaded.save(in: db)
        try loaded.update(in: db)
        #expect(try Comment.query(in: db).including("author").find(1)?.author?.name == "Cy")
        #expect(try Comment.find(1, in: db)?.text == "edited")

        // Clearing it is said explicitly, through the query builder.
        try db.from("comment").setNull("author_id").where("id", 1).update()
        #expect(try Comment.query(in: db).including("author").find(1)?.author == nil)
        #expect(try Author.count(in: db) == 1, "the author itself is kept")
        var new = Comment(text: "new", author: nil)
        try new.save(in: db)
        #expect(try db.fetchValue(Int64.self, "SELECT author_id FROM comment WHERE id = ?", [new.id]) == nil)
    }

    @Test func nonOptionalBelongsToThatIsMissingIsAnError() throws {
        var post = makePost()
        try post.save(in: db)
        try db.execute("PRAGMA foreign_keys = OFF")
        try db.execute("DELETE FROM author WHERE id = ?", [post.author.id])
        let error = try #require(throws: RecordError.self) { try Post.all(in: db) }
        #expect(error == .missingRelation(record: "Post", property: "author", id: post.author.id.databaseKey ?? .null))
    }

    @Test func failingChildLeavesNoParentBehind() throws {
        try db.execute("CREATE TABLE strict_child (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)")
        var parent = StrictParent(name: "p", children: [StrictChild(text: "a"), StrictChild(text: "a")])
        let error = try #require(throws: DatabaseError.self) { try parent.save(in: db) }
        #expect(error.extendedResultCode == .uniqueConstraint)
        #expect(parent.id == nil)
        #expect(try StrictParent.count(in: db) == 0)
        #expect(try StrictChild.count(in: db) == 0)
    }

    @Test func failingGraphOfClassesAssignsNoID() throws {
        try db.execute(
            "CREATE TABLE strict_child_object (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)")
        let children = [StrictChildObject(text: "a"), StrictChildObject(text: "b"), StrictChildObject(text: "a")]
        var parent = StrictParentObject(name: "p", children: children)
        let error = try #require(throws: DatabaseError.self) { try parent.save(in: db) }
        #expect(error.extendedResultCode == .uniqueConstraint)
        #expect(parent.id == nil)
        #expect(children.map(\.id) == [nil, nil, nil])
        #expect(try StrictParentObject.count(in: db) == 0)
        #expect(try StrictChildObject.count(in: db) == 0)

        struct Abort: Error {}
        try db.transaction { _ in
            #expect(throws: DatabaseError.self) { try parent.save(in: db) }
            var other = StrictChildObject(text: "outer")
            try other.save(in: db)
        }
        #expect(children.map(\.id) == [nil, nil, nil], "a save that fails in a transaction that goes on assigns no id")

        children[2].text = "c"
        #expect(throws: Abort.self) {
            try db.transaction { _ in
                try parent.save(in: db)
                throw Abort()
            }
        }
        #expect(parent.id != nil && children.allSatisfy { $0.id != nil }, "the save's own savepoint succeeded: like a struct's, its ids stay")
    }

    @Test func batchSaveIsAllOrNothing() throws {
        try db.execute("CREATE TABLE strict_child (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)")
        var children = [StrictChild(text: "x"), StrictChild(text: "y"), StrictChild(text: "x")]
        #expect(throws: DatabaseError.self) { try children.save(in: db) }
        #expect(try StrictChild.count(in: db) == 0)
        children[2].text = "z"
        try children.save(in: db)
        #expect(children.map(\.id) == [1, 2, 3])
    }

    @Test func deletingAParentLetsGoOfItsChildrenByDefault() throws {
        var post = makePost()
        post.related = [makePost("other")]
        try post.save(in: db)
        #expect(try post.delete(in: db))
        #expect(try Post.count(in: db) == 1)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM post_related") == 0, "its links are removed")
        #expect(try Comment.count(in: db) == 4)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM comment WHERE post_id IS NULL") == 2)
        #expect(try !post.delete(in: db), "a second delete finds nothing")
        let unsaved = makePost()
        #expect(throws: RecordError.notSaved(record: "Post")) { try unsaved.delete(in: db) }
    }

    @Test func deletingAChildRemovesItFromItsParent() throws {
        var post = makePost()
        try post.save(in: db)
        try post.comments[0].delete(in: db)
        #expect(try Post.find(1, in: db)?.comments.map(\.text) == ["second"])
    }

    @Test func relationsLoadWithAFixedNumberOfQueries() throws {
        func statementsToFetch(parents: Int) throws -> Int {
            let db = try Database.inMemory()
            var posts = (0..<parents).map { index in
                Post(
                    title: "post \(index)", author: Author(name: "author \(index)"),
                    comments: (0..<10).map { Comment(text: "comment \($0)", author: Author(name: "commenter \($0)")) },
                    related: nil)
            }
            try posts.save(in: db)
            let before = db.statistics.executedStatements
            let fetched = try Post.query(in: db).including("comments.author").records()
            #expect(fetched.count == parents)
            #expect(fetched.allSatisfy { $0.comments.count == 10 && $0.comments.allSatisfy { $0.author != nil } })
            return db.statistics.executedStatements - before
        }
        let few = try statementsToFetch(parents: 3)
        let many = try statementsToFetch(parents: 100)
        #expect(few == many, "the number of queries does not grow with the number of parents")
        #expect(many <= 8)
    }

    @Test func selfReferencingRecordsLoadToAnyDepth() throws {
        var chain = Node2(name: "c")
        chain = Node2(name: "b", next: chain)
        var head = Node2(name: "a", next: chain)
        try head.save(in: db)
        #expect(head.next?.next?.id != nil)
        let fetched = try #require(try Node2.query(in: db).including("next.next.next").find(head.id ?? 0))
        #expect(fetched.next?.next?.name == "c")
        #expect(fetched.next?.next?.next == nil)
    }

    @Test func referenceCycleIsRefusedWhenSaving() throws {
        let first = Node2(name: "first")
        let second = Node2(name: "second", next: first)
        first.next = second
        var head = first
        #expect(throws: RecordError.self) { try head.save(in: db) }
        #expect(try Node2.count(in: db) == 0)
        first.next = nil
    }

    @Test func includedPathsEndEvenWhereTheDataGoesInACircle() throws {
        var employee = Employee(name: "E", manager: Manager(name: "M", assistant: nil))
        try employee.save(in: db)
        try db.execute("UPDATE manager SET assistant_id = ?", [employee.id])
        let loaded = try #require(try Employee.query(in: db).including("manager.assistant.manager").first())
        #expect(loaded.manager?.assistant?.manager?.name == "M")
        #expect(loaded.manager?.assistant?.manager?.assistant == nil, "not included: not loaded")
    }

    @Test func typesThatRequireEachOtherAreATypedErrorAtFirstUse() throws {
        // No value of either could ever be made, nor loaded: the types are refused.
        let error = try #require(throws: RecordError.self) { try Egg.count(in: db) }
        #expect(error == .relationCycle(path: ["Egg", "Hen", "Egg"]))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master") == 0)
    }

    @Test func hasOneIsKeptByTheForeignKeyOfTheOtherTable() throws {
        var member = Member(name: "Ann", profile: MemberProfile(bio: "first"))
        try member.save(in: db)
        let memberID = try #require(member.id)
        #expect(try db.fetchValue(Int64.self, "SELECT member_id FROM member_profile WHERE bio = 'first'") == memberID)
        #expect(try Member.find(memberID, in: db)?.profile == nil, "not included: nil")
        #expect(try Member.query(in: db).including("profile").find(memberID) == member)

        member.profile = MemberProfile(bio: "second")
        try member.save(in: db)
        #expect(try MemberProfile.query(in: db).records().map(\.bio) == ["second"], "the one replaced follows the delete rule")
        member.profile = nil
        member.name = "Ann B."
        try member.save(in: db)
        #expect(try Member.query(in: db).including("profile").find(memberID)?.profile?.bio == "second",
                "a nil relation is left alone")

        #expect(try member.delete(in: db))
        #expect(try MemberProfile.count(in: db) == 0, "deleted with its member")
    }

    @Test func relationsArePlainForeignKeysAndJoinTables() throws {
        var post = makePost()
        post.related = [makePost("other")]
        try post.save(in: db)
        let foreignKeys = try db.fetchAll("SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list('comment') ORDER BY \"from\"")
        #expect(foreignKeys.map(\.values) == [["author", "author_id", "id"], ["post", "post_id", "id"]])
        let rows = try db.fetchAll("""
            SELECT post.title, author.name, comment.text FROM post
            JOIN author ON author.id = post.author_id
            JOIN comment ON comment.post_id = post.id
            WHERE post.id = 1 ORDER BY comment.id
            """)
        #expect(rows.map(\.values) == [["Hello", "Ann", "first"], ["Hello", "Ann", "second"]])
        #expect(try db.fetchAll("SELECT parent_id, child_id, position FROM post_related").map(\.values) == [[1, 2, 0]])
    }

    @Test func hasOneKeepsItsForeignKeyOnTheOtherTable() throws {
        var account = Account(name: "ann", profile: AccountProfile(bio: "hello"))
        try account.save(in: db)
        #expect(try db.fetchValue(Int64.self, "SELECT account_id FROM account_profile") == account.id)
        #expect(try Account.find(account.id ?? 0, in: db)?.profile == nil, "not loaded unless included")
        let loaded = try Account.query(in: db).including("profile").find(account.id ?? 0)
        #expect(loaded?.profile?.bio == "hello")
        account.profile = AccountProfile(bio: "replaced")
        try account.save(in: db)
        #expect(try AccountProfile.count(in: db) == 1, "the profile left out is deleted: the rule is cascade")
        #expect(try Account.query(in: db).including("profile").first()?.profile?.bio == "replaced")
        try account.delete(in: db)
        #expect(try AccountProfile.count(in: db) == 0)
    }

    @Test func cascadeDeletesChildrenAndRestrictRefusesWhileTheyExist() throws {
        var drawer = Drawer(label: "d", files: [Sheet(title: "a"), Sheet(title: "b")], locked: [Seal(mark: "x")])
        try drawer.save(in: db)
        drawer.files?.removeFirst()
        try drawer.save(in: db)
        #expect(try Sheet.all(in: db).map(\.title) == ["b"], "cascade: the left-out child is deleted")

        drawer.locked = []
        #expect(throws: RecordError.restricted(record: "Drawer", relation: "locked")) { try drawer.save(in: db) }
        #expect(try Seal.count(in: db) == 1)
        #expect(throws: RecordError.restricted(record: "Drawer", relation: "locked")) { try drawer.delete(in: db) }
        #expect(try Drawer.count(in: db) == 1 && Sheet.count(in: db) == 1, "a refused delete leaves everything")

        try Seal.query(in: db).deleteAll()
        #expect(try drawer.delete(in: db))
        #expect(try Sheet.count(in: db) == 0)
    }

    @Test func selfReferenceInBothDirections() throws {
        var boss = Staff(name: "boss", reports: [Staff(name: "a"), Staff(name: "b")])
        try boss.save(in: db)
        #expect(try db.fetchAll("SELECT name, manager_id FROM staff ORDER BY id").map(\.values) == [
            ["boss", nil], ["a", 1], ["b", 1],
        ])
        let a = try #require(try Staff.query(in: db).including("manager", "manager.reports").where("name", "a").first())
        #expect(a.manager?.name == "boss")
        #expect(a.manager?.reports?.map(\.name) == ["a", "b"])
        #expect(try Staff.query(in: db).joining("reports").where("reports.name", "b").records().map(\.name) == ["boss"])
    }

    @Test func aRecordTypeLoadedAtSeveralDepthsKeepsTheChildrenOfEachDepth() throws {
        var root = Folder(
            name: "root", subfolders: [Folder(name: "sub", subfolders: [], leaves: [Leaf(title: "inner")])],
            leaves: [Leaf(title: "outer")])
        try root.save(in: db)
        let loaded = try #require(try Folder.query(in: db).where("name", "root").first())
        #expect(loaded == root)
        #expect(loaded.leaves.map(\.title) == ["outer"])
        #expect(loaded.subfolders.first?.leaves.map(\.title) == ["inner"])
    }

    @Test func queriesFilterAndOrderThroughRelations() throws {
        var first = makePost("first")
        var second = makePost("second")
        second.author = Author(name: "Zed")
        try first.save(in: db)
        try second.save(in: db)
        let byCommentText = Post.query(in: db).joining("comments").where("comments.text", "first")
        #expect(try byCommentText.records().map(\.title) == ["first", "second"], "each post once")
        #expect(try byCommentText.count() == 2)
        #expect(try Post.query(in: db).joining("author").orderDesc("author.name").records().map(\.title) == ["second", "first"])
        #expect(try Post.query(in: db).joining("comments.author").where("comments.author.name", "Bob").count() == 2)
        #expect(try Post.query(in: db).joining("author").where("author.name", "Zed").deleteAll() == 1)
        #expect(try Post.all(in: db).map(\.title) == ["first"])
        #expect(throws: RecordError.unknownRelation(record: "Post", relation: "editor")) {
            try Post.query(in: db).joining("editor").records()
        }
    }

    @Test func recordQueriesNameColumnsByPropertyAndQualifyTheirOwnInJoins() throws {
        var first = makePost("first")
        var second = makePost("second")
        try first.save(in: db)
        try second.save(in: db)
        let authorID = try #require(second.author.id)
        #expect(try Post.query(in: db).where("author", authorID).records().map(\.title) == ["second"], "author means author_id")
        // `id` and `title`-like names exist on both sides of a join: the record's own are meant.
        let joined = Post.query(in: db).joining("comments").where("comments.text", "first").orderDesc("id")
        #expect(try joined.records().map(\.title) == ["second", "first"])
        #expect(try joined.count() == 2)
        #expect(try Comment.query(in: db).joining("author").where("author.name", "Bob").orderAsc("ID").records().map(\.id) == [1, 3])
    }
}

// MARK: - New records under existing related records

struct Shop: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var items: [ShopItem]?
}

struct ShopItem: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var maker: Author?
    var parts: [ShopPart]?
    var labels: [Leaf]?

    static let mapping = RecordMapping().manyToMany("labels")
}

struct ShopPart: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
}

/// Two has-many relations to one type, without foreign keys of their own.
struct PinBoard: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var left: [Pin]
    var right: [Pin]
}

/// Two has-many relations to one type, each with its own foreign key column.
struct DeclaredPinBoard: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var left: [Pin]
    var right: [Pin]

    static let mapping = RecordMapping(table: "pin_board")
        .hasMany("left", foreignKey: "left_board_id")
        .hasMany("right", foreignKey: "right_board_id")
}

struct Pin: ActiveRecord, Equatable {
    var id: Int64?
    var label: String
}

extension RecordRelationTests {
    private func savedShop() throws -> Shop {
        var shop = Shop(name: "Hardware", items: [ShopItem(name: "Lamp", parts: [ShopPart(name: "bulb")])])
        try shop.save(in: db)
        return try #require(try Shop.query(in: db).including("items.parts", "items.maker", "items.labels").find(shop.id))
    }

    @Test func aNewChildOfAnExistingRelatedRecordIsInserted() throws {
        var shop = try savedShop()
        shop.items?[0].parts?.append(ShopPart(name: "shade"))
        try shop.save(in: db)
        let partID = try #require(shop.items?[0].parts?[1].id, "the saved copy has the new part's key")
        let itemID = try #require(shop.items?[0].id)
        #expect(try ShopPart.count(in: db) == 2)
        #expect(try db.fetchValue(Int64.self, "SELECT shop_item_id FROM shop_part WHERE id = ?", [partID]) == itemID)
        let reloaded = try #require(try Shop.query(in: db).including("items.parts").find(shop.id))
        #expect(reloaded.items?[0].parts?.map(\.name) == ["bulb", "shade"])
    }

    @Test func anExistingRelatedRecordIsStillNotWrittenFromTheParentsCopy() throws {
        var shop = try savedShop()
        var item = try #require(try ShopItem.find(shop.items?[0].id, in: db))
        item.name = "Desk lamp"
        try item.save(in: db)
        shop.items?[0].parts?.append(ShopPart(name: "switch"))
        shop.items?[0].parts?[0].name = "edited through the shop"
        try shop.save(in: db)
        #expect(try ShopItem.find(item.id, in: db)?.name == "Desk lamp", "the newer edit stays")
        #expect(try ShopPart.all(in: db).map(\.name) == ["bulb", "switch"], "the existing part keeps its row")
    }

    @Test func newRecordsAreInsertedAtAnyDepthBelowExistingOnes() throws {
        var root = Folder(
            name: "root", subfolders: [Folder(name: "sub", subfolders: [], leaves: [])], leaves: [])
        try root.save(in: db)
        var loaded = try #require(try Folder.query(in: db).where("name", "root").first())
        loaded.subfolders[0].subfolders.append(Folder(name: "new", subfolders: [], leaves: [Leaf(title: "deep")]))
        try loaded.save(in: db)
        let sub = try #require(try Folder.query(in: db).where("name", "sub").first())
        #expect(sub.subfolders.map(\.name) == ["new"])
        #expect(sub.subfolders.first?.leaves.map(\.title) == ["deep"])
        #expect(loaded.subfolders[0].subfolders[0].id != nil)
        #expect(try Folder.count(in: db) == 3)
    }

    @Test func aNewBelongsToRecordOfAnExistingRelatedRecordIsInsertedAndLinked() throws {
        var shop = try savedShop()
        shop.items?[0].maker = Author(name: "Ada")
        shop.items?[0].labels = [Leaf(title: "new label")]
        try shop.save(in: db)
        let item = try #require(try ShopItem.query(in: db).including("maker", "labels").find(shop.items?[0].id))
        #expect(item.maker?.name == "Ada")
        #expect(item.labels?.map(\.title) == ["new label"])
        #expect(shop.items?[0].maker?.id == item.maker?.id)
    }

    @Test func twoRelationsThatWouldShareAForeignKeyAreATypedErrorAtFirstUse() throws {
        let error = try #require(throws: RecordError.self) {
            var board = PinBoard(name: "b", left: [Pin(label: "1")], right: [])
            try board.save(in: db)
        }
        #expect(error == .sharedForeignKey(record: "PinBoard", relations: ["left", "right"], table: "pin", column: "pin_board_id"))
        #expect("\(error)".contains("foreignKey"))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = 'pin'") == 0, "nothing created")
        #expect(throws: RecordError.self) { try PinBoard.all(in: db) }
    }

    @Test func relationsWithTheirOwnForeignKeysKeepTheirRecordsApart() throws {
        var board = DeclaredPinBoard(name: "b", left: [Pin(label: "1"), Pin(label: "2")], right: [Pin(label: "3")])
        try board.save(in: db)
        let moved = board.left.removeFirst()
        board.right.append(moved)
        try board.save(in: db)
        let loaded = try #require(try DeclaredPinBoard.find(board.id, in: db))
        #expect(loaded.left.map(\.label) == ["2"])
        #expect(loaded.right.map(\.label) == ["1", "3"])
        #expect(try Pin.count(in: db) == 3)
    }
}

// MARK: - Names checked before a record query runs

extension RecordRelationTests {
    @Test func aMisspeltColumnIsARecordErrorBeforeTheQueryRuns() throws {
        var post = makePost()
        try post.save(in: db)
        #expect(throws: RecordError.unknownColumn(record: "Post", column: "titel")) {
            try Post.where("titel", "Hello").records(in: db)
        }
        #expect(throws: RecordError.unknownColumn(record: "Post", column: "titel")) {
            try Post.where("titel", "Hello").first(in: db)
        }
        #expect(throws: RecordError.unknownColumn(record: "Post", column: "rank")) {
            try Post.query(in: db).orderDesc("rank").count()
        }
        #expect(throws: RecordError.unknownColumn(record: "Post", column: "nope")) {
            try Post.query(in: db).whereIn("nope", [1]).exists()
        }
        #expect(throws: RecordError.unknownColumn(record: "Author", column: "nme")) {
            try Post.query(in: db).joining("author").where("author.nme", "Ann").records()
        }
    }

    @Test func aRelationsColumnNeedsTheRelationJoined() throws {
        var post = makePost()
        try post.save(in: db)
        let error = try #require(throws: RecordError.self) { try Comment.where("author.name", "Bob").records(in: db) }
        #expect(error == .relationNotJoined(record: "Comment", relation: "author", column: "author.name"))
        #expect("\(error)".contains(#"joining("author")"#))
        #expect(throws: RecordError.relationNotJoined(record: "Post", relation: "comments.author", column: "comments.author.name")) {
            try Post.query(in: db).joining("comments").where("comments.author.name", "Bob").records()
        }
        #expect(try Comment.query(in: db).joining("author").where("author.name", "Bob").count() == 1)
    }
}

/// Members of a club, each with a has-one profile.
struct Club: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
    var members: [Member]?
}

extension RecordRelationTests {
    @Test func aNewHasOneRecordOfAnExistingRelatedRecordReplacesItsPreviousOne() throws {
        var club = Club(name: "Chess", members: [Member(name: "Ann", profile: MemberProfile(bio: "old"))])
        try club.save(in: db)
        var loaded = try #require(try Club.query(in: db).including("members.profile").find(club.id))
        loaded.members?[0].profile = MemberProfile(bio: "new")
        try loaded.save(in: db)
        let member = try #require(try Member.query(in: db).including("profile").find(loaded.members?[0].id))
        #expect(member.profile?.bio == "new")
        #expect(try MemberProfile.all(in: db).map(\.bio) == ["new"], "the replaced profile follows the cascade rule")
    }

    @Test func columnsTheRecordDoesNotMapAreStillColumns() throws {
        var post = makePost()
        try post.save(in: db)
        let postID = try #require(post.id)
        #expect(try Comment.where("post_id", postID).count(in: db) == 2, "the foreign key no property holds")
        #expect(try Comment.query(in: db).where("rowid", .greaterThan, 1).records().map(\.text) == ["second"])
        #expect(try Post.query(in: db).joining("comments").where("comments.post_id", postID).count() == 1)
    }
}
