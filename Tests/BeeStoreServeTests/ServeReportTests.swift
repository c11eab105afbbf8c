import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// The health pages of the browser interface.
@Suite struct ServeReportTests {
    @Test func theIntegrityCheckIsNotBoundByThePagesTimeLimit() async throws {
        // A limit that stops every statement reaching a check of the clock: a large file's
        // check under the pages' limit fails just so.
        let served = try ServedCopy(timeLimit: .zero)
        #expect(try await served.get("/query", "sql=SELECT+sum(Milliseconds)+FROM+Track").status == 400)
        let integrity = try await served.get("/integrity")
        #expect(integrity.status == 200)
        #expect(integrity.body.contains("The database is healthy."))
    }

    @Test func theStoragePageListsEachObjectOnce() async throws {
        let page = try await ServedCopy().get("/storage").body
        #expect(page.components(separatedBy: "IFK_TrackAlbumId").count - 1 == 1)
        #expect(page.contains("page size:"))
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (3_503, "3,503"), (-1_234_567, "-1,234,567")])
    func countsGroupTheirDigitsByThousands(count: Int, text: String) {
        #expect(CountText.number(count) == text)
    }
}
