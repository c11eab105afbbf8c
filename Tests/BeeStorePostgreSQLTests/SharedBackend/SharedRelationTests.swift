#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// Relations on both backends: a graph saved in one call and read back with `including`,
/// at any depth, and the delete rules.
@Suite struct SharedRelationTests {
    struct Author: ActiveRecord, Equatable {
        static let mapping = RecordMapping().hasMany("manuscripts", onDelete: .restrict)
        var id: Int64?
        var name: String
        var articles: [Article]?
        var manuscripts: [Manuscript]?
    }

    struct Article: ActiveRecord, Equatable {
        static let mapping = RecordMapping().hasMany("remarks", onDelete: .cascade).manyToMany("topics")
        var id: Int64?
        var title: String
        var author: Author?
        var remarks: [Remark]?
        var topics: [Topic]?
    }

    /// A reader's remark on an article.
    struct Remark: ActiveRecord, Equatable {
        var id: Int64?
        var article: Article?
        var text: String
    }

    /// A subject articles share, known by its unique title.
    struct Topic: ActiveRecord, Equatable {
        static let mapping = RecordMapping().unique("title")
        var title: String
        var id: Int64?
    }

    struct Manuscript: ActiveRecord, Equatable {
        var id: Int64?
        var pages: Int
        var author: Author?
    }

    /// Ada, with two articles: one with remarks and the topic "math", one with "math" and "history".
    private static func ada() -> Author {
        Author(name: "Ada", articles: [
            Article(title: "Engines", remarks: [Remark(text: "First!"), Remark(text: "Second")], topics: [Topic(title: "math")]),
            Article(title: "Notes", remarks: [], topics: [Topic(title: "math"), Topic(title: "history")]),
        ])
    }

    @Test(arguments: Backend.allCases)
    func aGraphIsSavedInOneCallAndReadBackAtEveryDepth(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var author = Self.ada()
        try db.save(&author)
        let id = try #require(author.id)
        #expect(author.articles?.allSatisfy { $0.id != nil } == true)
        #expect(author.articles?[0].remarks?.allSatisfy { $0.id != nil } == true)
        #expect(try db.count(Topic.self) == 2)   // "math" once: its unique title finds the saved row
        #expect(try db.count(Remark.self) == 2)

        let loaded = try #require(try db.find(id, in: Author.query().including("articles.remarks", "articles.topics")))
        #expect(loaded.name == "Ada")
        #expect(loaded.articles?.map(\.title) == ["Engines", "Notes"])
        #expect(loaded.articles?[0].remarks?.map(\.text) == ["First!", "Second"])
        #expect(loaded.articles?[0].topics?.map(\.title) == ["math"])
        #expect(loaded.articles?[1].topics?.map(\.title).sorted() == ["history", "math"])
        // A relation that is not included is not loaded.
        #expect(try db.find(Author.self, id)?.articles == nil)
    }

    @Test(arguments: Backend.allCases)
    func aBelongsToIsLoadedFromTheChildAndJoinsFilter(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var authors = [Self.ada(), Author(name: "Grace", articles: [Article(title: "Compilers")])]
        try db.save(&authors)
        let remarks = try db.records(Remark.query().including("article.author").orderAsc("text"))
        #expect(remarks.map(\.text) == ["First!", "Second"])
        #expect(remarks.map { $0.article?.title } == ["Engines", "Engines"])
        #expect(remarks.map { $0.article?.author?.name } == ["Ada", "Ada"])

        let graces = Article.query().joining("author").where("author.name", "Grace")
        #expect(try db.records(graces).map(\.title) == ["Compilers"])
        let withTopics = Article.query().including("topics").orderAsc("title")
        #expect(try db.records(withTopics).map { $0.topics?.count } == [0, 1, 2])
    }

    @Test(arguments: Backend.allCases)
    func aSaveAddsNewChildrenAndTheCascadeDeletesThoseLeftOut(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var author = Self.ada()
        try db.save(&author)
        var article = try #require(author.articles?[0])
        article.remarks = [try #require(article.remarks?[1]), Remark(text: "Third")]   // "First!" is left out
        try db.save(&article)
        #expect(try db.records(Remark.query().orderAsc("id")).map(\.text) == ["Second", "Third"])

        #expect(try db.delete(article))
        #expect(try db.count(Remark.self) == 0)   // cascade
        #expect(try db.count(Topic.self) == 2)     // a many-to-many's rows stay; only the links go
        let left = try db.records(Article.query().including("topics"))
        #expect(left.map(\.title) == ["Notes"])
        #expect(left.first?.topics?.count == 2)
    }

    @Test(arguments: Backend.allCases)
    func aRestrictedRelationRefusesTheDeleteAndChangesNothing(_ backend: Backend) throws {
        let db = try BackendDatabase.fresh(backend)
        var author = Author(name: "Kafka", articles: [Article(title: "Letters")], manuscripts: [Manuscript(pages: 300)])
        try db.save(&author)
        let error = try #require(throws: RecordError.self) { try db.delete(author) }
        guard case .restricted(_, let relation) = error else {
            Issue.record("expected a restricted delete, got \(error)")
            return
        }
        #expect(relation == "manuscripts")
        #expect(try db.count(Author.self) == 1)
        #expect(try db.count(Manuscript.self) == 1)
        // Nullify, the default: the article stays, let go by its author.
        #expect(try db.deleteAll(Manuscript.self) == 1)
        #expect(try db.delete(author))
        let article = try #require(try db.first(Article.query().including("author")))
        #expect(article.title == "Letters" && article.author == nil)
    }
}
#endif
