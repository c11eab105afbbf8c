import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// Exports of the browser interface: a statement refused or failing before the first chunk
/// gets the status of its HTML page; one failing later ends its body visibly incomplete; a
/// slow reader does not count against the time limit.
@Suite struct ServeExportTests {
    /// A query whose first row comes at once and whose next one never does: it fails at the
    /// time limit after its first chunk could have been sent.
    static let stallingAfterOneRow =
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i FROM r WHERE i = 1 OR i < 0"

    /// A real server in this process over `copy`'s pages.
    static func server(over copy: ServedCopy) throws -> HTTPServer {
        let browser = copy.browser
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { browser.respond(to: $0.path, items: QueryItems(query: $0.query)) }
        server.start()
        return server
    }

    @Test(arguments: ["DELETE FROM Track", "SELECT * FROM NoSuchTable", "SELECT 1; SELECT 2", stallingAfterOneRow])
    func aRefusedOrFailingStatementHasTheSameStatusInEveryFormat(sql: String) async throws {
        let copy = try ServedCopy(timeLimit: .milliseconds(300))
        for format in ["", "csv", "json"] {
            let response = try await copy.get(split(PageURL("/query", [("sql", sql), ("_format", format)]).text))
            #expect(response.status == 400, "\(sql) as \(format.isEmpty ? "HTML" : format)")
            #expect(response.body.contains("id=\"error\""), "\(sql) as \(format)")
        }
        #expect(try await copy.get("/query", "sql=SELECT+1&_format=xml").status == 400)
        #expect(try await copy.get("/table", "name=Track&_format=xml").status == 400)
    }

    @Test(arguments: ["csv", "json"])
    func anExportFailingAfterItsFirstChunkEndsWithoutItsLastChunk(format: String) async throws {
        let copy = try ServedCopy(timeLimit: .milliseconds(300))
        let port = try Self.server(over: copy).port
        // Rows of about 70 KiB each: the first fills a chunk, which goes out with status 200.
        let sql = "SELECT printf('%.70000c', 'x') FROM (\(Self.stallingAfterOneRow))"
        let target = PageURL("/query", [("sql", sql), ("_format", format)]).text
        try await BlockingWork.run {
            let client = try RawHTTPClient(port: port)
            try client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(throws: RawHTTPClient.Failure.self, "an incomplete body must not look complete") { try client.response() }
        }
    }

    @Test func aSlowReaderDoesNotCountAgainstTheTimeLimit() async throws {
        let copy = try ServedCopy(timeLimit: .seconds(1))
        // 3.5 MB: far more than the chunks that wait for the reader, from little work in SQLite.
        let target = split(PageURL("/query", [("sql", "SELECT printf('%.1000c', 'x') AS wide FROM Track"), ("_format", "json")]).text)
        let browser = copy.browser
        let response = try await BlockingWork.run { browser.respond(to: target.path, items: QueryItems(query: target.query)) }
        guard case .stream(let chunks) = response.body else {
            Issue.record("a query export is streamed")
            return
        }
        let body = try await BlockingWork.run {
            var bytes = chunks.next() ?? []
            // The reader pauses longer than the limit while the writer waits for it.
            Thread.sleep(forTimeInterval: 2)
            bytes += chunks.drain()
            return bytes
        }
        #expect(!chunks.wasAborted)
        let rows = try JSONSerialization.jsonObject(with: Data(body)) as? [Any]
        #expect(rows?.count == 3503)
    }
}
