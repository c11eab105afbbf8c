import BeeStore
import Foundation

/// What the server answers to a request: a status, a content type and a body, whole or
/// streamed, plus any headers of its own.
struct PageResponse: Sendable {
    /// A response body.
    enum Body: Sendable {
        /// Bytes known in full.
        case bytes([UInt8])
        /// Bytes produced while they are sent.
        case stream(ChunkQueue)
    }

    var status: Int
    var contentType: String
    var body: Body
    var headers: [(String, String)] = []

    /// An HTML page.
    static func html(_ page: HTML, status: Int = 200) -> PageResponse {
        PageResponse(status: status, contentType: "text/html; charset=utf-8", body: .bytes(Array(page.markup.utf8)))
    }

    /// A page saying what went wrong, with `status`, among the pages of `context`'s
    /// database (or of the server, when nil).
    static func error(_ message: String, status: Int, context: BrowseContext?) -> PageResponse {
        let title = status == 404 ? "Not found" : status == 403 ? "Forbidden" : "Error"
        return .html(
            PageLayout.page(title: title, context: context, isLive: false) { html in
                html.element("div", [("id", "error"), ("class", "error")], text: message)
            }, status: status)
    }

    /// A plain-text response.
    static func text(_ message: String, status: Int) -> PageResponse {
        PageResponse(status: status, contentType: "text/plain; charset=utf-8", body: .bytes(Array((message + "\n").utf8)))
    }

    /// `result` in `format`, as the command-line tool writes it, when `items` ask for an
    /// export (`_format=csv` or `json`); nil otherwise.
    static func export(_ result: @autoclosure () throws -> QueryResult, named name: String, ifAskedBy items: QueryItems) throws
        -> PageResponse?
    {
        guard let format = try exportFormat(in: items) else { return nil }
        let result = try result()
        return try .export(format: format, fileName: name) { writer in _ = try writer.write(result) }
    }

    /// The export format `items` ask for with `_format` (`csv` or `json`), nil for a page,
    /// or a 400 for any other format.
    static func exportFormat(in items: QueryItems) throws -> ResultFormat? {
        guard let text = items["_format"], !text.isEmpty else { return nil }
        guard let format = ResultFormat(rawValue: text), format == .csv || format == .json else {
            throw PageError.badRequest("unknown format \(text): use csv or json")
        }
        return format
    }

    /// Rows written in `format` by `write`, on a thread of its own, streamed as they come.
    /// The status waits for the first chunk (or the whole body, when it is smaller): a
    /// statement refused or failing by then throws its error, answered with the status an
    /// HTML page gets. When `write` fails later (a statement past its time limit, say),
    /// after the head went out with status 200, the body ends as incomplete: the
    /// connection is reset without the body's normal end, so that the client reports a
    /// failed transfer.
    static func export(
        format: ResultFormat, fileName: String, write: @escaping @Sendable (inout ResultWriter) throws -> Void
    ) throws -> PageResponse {
        let channel = ChunkChannel()
        let thread = Thread {
            var writer = ResultWriter(format: format, output: channel)
            do {
                try write(&writer)
                channel.finish()
            } catch {
                channel.abort(because: error)
            }
        }
        thread.start()
        if let failure = channel.body.failureBeforeFirstChunk() { throw failure }
        let type = format == .csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8"
        let name = PageURL.encode(fileName) + (format == .csv ? ".csv" : ".json")
        return PageResponse(
            status: 200, contentType: type, body: .stream(channel.body),
            headers: [("Content-Disposition", "inline; filename*=UTF-8''\(name)")])
    }
}
