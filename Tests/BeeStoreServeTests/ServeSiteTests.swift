import BeeStore
import Foundation
import Testing

@testable import BeeStoreServe

/// Several databases in one server: the files a directory holds (told by their header), a
/// page listing them, each database's pages under its name, hostile file names, and the
/// database download that only `--allow-download` allows.
@Suite struct ServeSiteTests {
    @Test func aDirectoryServesItsSQLiteFilesByTheirHeaderWhateverTheirNames() throws {
        let site = try ServedSite()
        let files = try DatabaseFiles.files(for: [site.directory.path])
        #expect(files.map(\.urlName) == ["chinook", ServedSite.hostileName])
        #expect(files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["chinook.sqlite", ServedSite.hostileFileName])
    }

    @Test func filesSharingANameGetNumberedNamesAndBadPathsAreTypedErrors() throws {
        let site = try ServedSite()
        let chinook = site.directory.appendingPathComponent("chinook.sqlite").path
        let copy = site.directory.appendingPathComponent("chinook.db").path
        try FileManager.default.copyItem(atPath: chinook, toPath: copy)
        #expect(try DatabaseFiles.files(for: [chinook, copy, chinook]).map(\.urlName) == ["chinook", "chinook-2", "chinook-3"])
        let missing = site.directory.appendingPathComponent("missing.db").path
        #expect(throws: DatabaseFiles.Failure.missing(missing)) { try DatabaseFiles.files(for: [missing]) }
        let text = site.directory.appendingPathComponent("readme.db").path
        #expect(throws: DatabaseFiles.Failure.notDatabase(text)) { try DatabaseFiles.files(for: [text]) }
        let folder = site.directory.appendingPathComponent("folder.db").path
        #expect(throws: DatabaseFiles.Failure.noDatabase(inDirectory: folder)) { try DatabaseFiles.files(for: [folder]) }
    }

    @Test func theIndexListsEveryDatabaseWithItsNameEscapedAndLinksToItsPages() async throws {
        let site = try ServedSite()
        let index = try await site.get("/")
        #expect(index.status == 200)
        #expect(!index.body.contains("<i>notes"))
        var escaped = ""
        HTML.escape(ServedSite.hostileName, into: &escaped)
        #expect(index.body.contains(escaped))
        let links = attributeValues("href", in: index.body).filter { $0 != "/style.css" && $0 != "/" && $0 != "data:," }
        #expect(links == ["/chinook/", ServedSite.path(of: ServedSite.hostileName) + "/"])
        let notes = try await site.get(links[1])
        #expect(notes.status == 200)
        #expect(attributeValues("href", in: notes.body).contains(ServedSite.path(of: ServedSite.hostileName) + "/table?name=note"))
        let rows = try await site.get(ServedSite.path(of: ServedSite.hostileName) + "/table", "name=note")
        #expect(rows.status == 200)
        #expect(rows.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!rows.body.contains("<script>alert"))
    }

    @Test func eachDatabasesPagesLinkUnderItsOwnName() async throws {
        let site = try ServedSite()
        let table = try await site.get("/chinook/table", "name=Track&_size=5")
        #expect(table.status == 200)
        let pageLinks = attributeValues("href", in: table.body).filter { !["/", "/style.css", "data:,"].contains($0) }
        #expect(!pageLinks.isEmpty)
        #expect(pageLinks.allSatisfy { $0.hasPrefix("/chinook/") }, "\(pageLinks.filter { !$0.hasPrefix("/chinook/") })")
        #expect(attributeValues("action", in: table.body).allSatisfy { $0 == "/chinook/table" })
        let next = try #require(link(marked: "id=\"next-page\"", in: table.body))
        #expect(try await site.get(split(next).path, split(next).query).status == 200)
        let json = try await ServedCopy.response(of: site.browser, to: "/chinook/table", "name=Track&_size=5&_shape=objects")
        let linkHeader = try #require(json.headers.first { $0.0 == "Link" }?.1)
        #expect(linkHeader.hasPrefix("</chinook/table?name=Track&"))
        let body = String(decoding: try await ServedCopy.bytes(of: json.body), as: UTF8.self)
        #expect(body.contains("\"next_url\": \"/chinook/table?name=Track&"))
        #expect(try await site.get("/chinook", "").status == 200)
        #expect(try await site.get("/chinook/query", "sql=select%201").status == 200)
        #expect(try await site.get("/app.js").status == 200)
    }

    @Test func anUnknownDatabaseOrPageIsNotFound() async throws {
        let site = try ServedSite()
        let unknown = try await site.get("/nowhere/table", "name=Track")
        #expect(unknown.status == 404)
        #expect(unknown.body.contains("no database named nowhere"))
        #expect(try await site.get("/nowhere/").status == 404)
        #expect(try await site.get("/chinook.sqlite/").status == 404)
        #expect(try await site.get("/chinook/nothing").status == 404)
        #expect(try await site.get("/table", "name=Track").status == 404)
    }

    @Test func oneDatabaseKeepsItsPagesAtTheRoot() async throws {
        let served = try ServedCopy()
        let page = try await served.get("/")
        #expect(page.status == 200)
        #expect(!page.body.contains("nav-databases"))
        #expect(attributeValues("href", in: page.body).contains("/table?name=Track"))
        #expect(try await served.get("/table", "name=Track").status == 200)
    }

    @Test func theDatabaseDownloadsOnlyWhenAllowedAsAConsistentCopy() async throws {
        let closed = try ServedSite()
        let refused = try await closed.get("/chinook/download")
        #expect(refused.status == 403)
        #expect(refused.body.contains("--allow-download"))
        #expect(!(try await closed.get("/chinook/").body.contains("id=\"download\"")))
        #expect(try await ServedCopy().get("/download").status == 403)

        let open = try ServedSite(allowsDownload: true)
        #expect(try await open.get("/").body.contains("class=\"download\""))
        let response = try await ServedCopy.response(of: open.browser, to: "/chinook/download")
        #expect(response.status == 200 && response.contentType == "application/vnd.sqlite3")
        #expect(response.headers.contains { $0.0 == "Content-Disposition" && $0.1 == "attachment; filename*=UTF-8''chinook.sqlite" })
        let bytes = try await ServedCopy.bytes(of: response.body)
        #expect(Array(bytes.prefix(16)) == Array("SQLite format 3\u{0}".utf8))
        let downloaded = open.directory.appendingPathComponent("downloaded.sqlite")
        try Data(bytes).write(to: downloaded)
        let count = "SELECT count(*) FROM Track"
        #expect(try open.database("downloaded.sqlite").fetchValue(Int.self, count) == open.database().fetchValue(Int.self, count))
        let hostile = try await ServedCopy.response(of: open.browser, to: ServedSite.path(of: ServedSite.hostileName) + "/download")
        let disposition = try #require(hostile.headers.first { $0.0 == "Content-Disposition" }?.1)
        #expect(disposition == "attachment; filename*=UTF-8''" + PageURL.encode(ServedSite.hostileFileName))
        #expect(disposition.unicodeScalars.allSatisfy { $0.isASCII && $0 != "\"" })
        _ = try await ServedCopy.bytes(of: hostile.body)
    }
}
