import Foundation
import Testing

@testable import BeeStore

/// Fetching records with two levels of has-many relations runs a fixed number of
/// statements, however many parents there are (no query per parent).
@Suite("Relation statement count")
struct RelationStatementCountTests {
    struct Shelf: ActiveRecord {
        var id: Int64?
        var label: String
        var books: [Volume]
    }

    struct Volume: ActiveRecord {
        var id: Int64?
        var pages: Int64
        var chapters: [Chapter]?
    }

    struct Chapter: ActiveRecord {
        var id: Int64?
        var title: String
    }

    /// The statements run by one `Shelf.all(in:)` on a file database holding
    /// `parentCount` shelves of ten volumes each.
    private func statementsToFetch(parentCount: Int) throws -> Int {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("shelves.sqlite"))
        defer { db.close() }
        var shelves = (0..<parentCount).map { shelf in
            Shelf(id: nil, label: "shelf \(shelf)", books: (0..<10).map { book in
                Volume(
                    id: nil, pages: Int64(shelf * 10 + book),
                    chapters: [Chapter(id: nil, title: "\(shelf).\(book).1"), Chapter(id: nil, title: "\(shelf).\(book).2")])
            })
        }
        try shelves.save(in: db)
        // Opening the reader connection runs set-up statements: count a later fetch.
        let query = Shelf.query(in: db).including("books.chapters").orderAsc("id")
        _ = try query.records()

        let before = db.statistics.executedStatements
        let fetched = try query.records()
        let executed = db.statistics.executedStatements - before

        #expect(fetched.count == parentCount)
        #expect(fetched.allSatisfy { $0.books.count == 10 })
        #expect(fetched.last?.books.map(\.pages) == (0..<10).map { Int64((parentCount - 1) * 10 + $0) })
        #expect(fetched.last?.books.last?.chapters?.map(\.title) == ["\(parentCount - 1).9.1", "\(parentCount - 1).9.2"])
        return executed
    }

    @Test func fetchingTwoLevelsOfChildrenRunsTheSameStatementsForTenOrAThousandParents() throws {
        let forTen = try statementsToFetch(parentCount: 10)
        let forThousand = try statementsToFetch(parentCount: 1_000)
        #expect(forTen == forThousand)
        // One query for the parents, one per level of children, and the read transaction around them.
        #expect(forThousand <= 5)
    }
}
