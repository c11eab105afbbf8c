#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Relations on both backends: a graph saved in one call and read back with `including`,
/// at any depth, and the delete rules.
@Suite struct SharedRelationTests {
    struct Writer: ActiveRecord, Equatable {
        static let mapping = RecordMapping().hasMany("drafts", onDelete: .restrict)
        var id: Int64?
        var name: String
        var posts: [Post]?
        var drafts: [Draft]?
    }

    struct Post: ActiveRecord, Equatable {
        static let mapping = RecordMapping().hasMany("comments", onDelete: .cascade).manyToMany("labels")
        var id: Int64?
        var title: String
        var writer: Writer?
        var comments: [Comment]?
        var labels: [Label]?
    }

    struct Comment: ActiveRecord, Equatable {
        var id: Int64?
        var body: String
        var post: Post?
    }

    struct Label: ActiveRecord, Equatable {
        static let mapping = RecordMapping().unique("name")
        var id: Int64?
        var name: String
    }

    struct Draft: ActiveRecord, Equatable {
        var id: Int64?
        var text: String
        var writer: Writer?
    }

    /// Ada, with two posts: one commented and labelled "math", one labelled "math" and "history".
    private static func ada() -> Writer {
        Writer(name: "Ada", posts: [
            Post(title: "Engines", comments: [Comment(body: "First!"), Comment(body: "Second")], labels: [Label(name: "math")]),
            Post(title: "Notes", comments: [], labels: [Label(name: "math"), Label(name: "history")]),
        ])
    }

    @Test(arguments: Backend.allCases)
    func aGraphIsSavedInOneCallAndReadBackAtEveryDepth(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var writer = Self.ada()
        try db.save(&writer)
        let id = try #require(writer.id)
        #expect(writer.posts?.allSatisfy { $0.id != nil } == true)
        #expect(writer.posts?[0].comments?.allSatisfy { $0.id != nil } == true)
        #expect(try db.count(Label.self) == 2)   // "math" once: its unique name finds the saved row
        #expect(try db.count(Comment.self) == 2)

        let loaded = try #require(try db.find(id, in: Writer.query().including("posts.comments", "posts.labels")))
        #expect(loaded.name == "Ada")
        #expect(loaded.posts?.map(\.title) == ["Engines", "Notes"])
        #expect(loaded.posts?[0].comments?.map(\.body) == ["First!", "Second"])
        #expect(loaded.posts?[0].labels?.map(\.name) == ["math"])
        #expect(loaded.posts?[1].labels?.map(\.name).sorted() == ["history", "math"])
        // A relation that is not included is not loaded.
        #expect(try db.find(Writer.self, id)?.posts == nil)
    }

    @Test(arguments: Backend.allCases)
    func aBelongsToIsLoadedFromTheChildAndJoinsFilter(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var writers = [Self.ada(), Writer(name: "Grace", posts: [Post(title: "Compilers")])]
        try db.save(&writers)
        let comments = try db.records(Comment.query().including("post.writer").orderAsc("body"))
        #expect(comments.map(\.body) == ["First!", "Second"])
        #expect(comments.map { $0.post?.title } == ["Engines", "Engines"])
        #expect(comments.map { $0.post?.writer?.name } == ["Ada", "Ada"])

        let graces = Post.query().joining("writer").where("writer.name", "Grace")
        #expect(try db.records(graces).map(\.title) == ["Compilers"])
        let labelled = Post.query().including("labels").orderAsc("title")
        #expect(try db.records(labelled).map { $0.labels?.count } == [0, 1, 2])
    }

    @Test(arguments: Backend.allCases)
    func aSaveAddsNewChildrenAndTheCascadeDeletesThoseLeftOut(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var writer = Self.ada()
        try db.save(&writer)
        var post = try #require(writer.posts?[0])
        post.comments = [try #require(post.comments?[1]), Comment(body: "Third")]   // "First!" is left out
        try db.save(&post)
        #expect(try db.records(Comment.query().orderAsc("id")).map(\.body) == ["Second", "Third"])

        #expect(try db.delete(post))
        #expect(try db.count(Comment.self) == 0)   // cascade
        #expect(try db.count(Label.self) == 2)     // a many-to-many's rows stay; only the links go
        let left = try db.records(Post.query().including("labels"))
        #expect(left.map(\.title) == ["Notes"])
        #expect(left.first?.labels?.count == 2)
    }

    @Test(arguments: Backend.allCases)
    func aRestrictedRelationRefusesTheDeleteAndChangesNothing(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var writer = Writer(name: "Kafka", posts: [Post(title: "Letters")], drafts: [Draft(text: "The Castle")])
        try db.save(&writer)
        let error = try #require(throws: RecordError.self) { try db.delete(writer) }
        guard case .restricted(_, let relation) = error else {
            Issue.record("expected a restricted delete, got \(error)")
            return
        }
        #expect(relation == "drafts")
        #expect(try db.count(Writer.self) == 1)
        #expect(try db.count(Draft.self) == 1)
        // Nullify, the default: the post stays, let go by its writer.
        #expect(try db.deleteAll(Draft.self) == 1)
        #expect(try db.delete(writer))
        let post = try #require(try db.first(Post.query().including("writer")))
        #expect(post.title == "Letters" && post.writer == nil)
    }
}
#endif
