import Foundation
import Testing

@testable import BeeStore

/// Fetching records with a has-many relation runs a fixed number of statements, however
/// many parents there are (no query per parent).
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
    }

    /// The statements run by one `Shelf.all(in:)` on a file database holding
    /// `parentCount` shelves of ten volumes each.
    private func statementsToFetch(parentCount: Int) throws -> Int {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("shelves.sqlite"))
        defer { db.close() }
        var shelves = (0..<parentCount).map { shelf in
            Shelf(id: nil, label: "shelf \(shelf)", books: (0..<10).map { Volume(id: nil, pages: Int64(shelf * 10 + $0)) })
        }
        try shelves.save(in: db)
        // Opening the reader connection runs set-up statements: count a later fetch.
        _ = try Shelf.all(in: db)

        let before = db.statistics.executedStatements
        let fetched = try Shelf.all(in: db)
        let executed = db.statistics.executedStatements - before

        #expect(fetched.count == parentCount)
        #expect(fetched.allSatisfy { $0.books.count == 10 })
        #expect(fetched.last?.books.map(\.pages) == (0..<10).map { Int64((parentCount - 1) * 10 + $0) })
        return executed
    }

    @Test func fetchingParentsWithChildrenRunsTheSameStatementsForTenOrAHundredParents() throws {
        let forTen = try statementsToFetch(parentCount: 10)
        let forHundred = try statementsToFetch(parentCount: 100)
        #expect(forTen == forHundred)
        // One query for the parents, one for the children, and the read transaction around them.
        #expect(forHundred <= 4)
    }
}
