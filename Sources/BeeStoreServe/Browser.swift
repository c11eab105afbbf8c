import BeeStore

/// The browser interface's pages, by path. Each is made on the thread that asks for it
/// (the server's thread of its connection), so a slow page never stalls the others.
///
/// A server of one database serves its pages at the root (`/table?name=Track`); a server
/// of several serves a page listing them at `/`, and each database's pages under its URL
/// name (`/Chinook/table?name=Track`), as Datasette does.
package struct Browser: Sendable {
    /// The served databases, in the order given.
    let databases: [BrowseContext]
    /// What the metadata file says of the server.
    let about: MetadataDescription
    let changes: ChangeBroadcaster

    /// The pages of `context`, refreshed live through `changes`.
    package init(context: BrowseContext, changes: ChangeBroadcaster) {
        self.init(databases: [context], metadata: ServeMetadata(), changes: changes)
    }

    /// The pages of `databases` (whose URL names differ), described by `metadata`,
    /// refreshed live through `changes`.
    package init(databases: [BrowseContext], metadata: ServeMetadata, changes: ChangeBroadcaster) {
        self.databases = databases.map { context in
            var context = context
            context.isOneOfSeveral = databases.count > 1
            context.metadata = metadata.databases[context.urlName] ?? context.metadata
            return context
        }
        about = metadata.about
        self.changes = changes
    }

    /// The response to a request for `path` with `items`.
    func respond(to path: String, items: QueryItems) -> PageResponse {
        switch path {
        case "/app.js": return Self.asset(StaticAssets.script + "\n" + StaticAssets.highlighter, type: "text/javascript")
        case "/events.js": return Self.asset(StaticAssets.eventsWorker, type: "text/javascript")
        case "/style.css": return Self.asset(StaticAssets.stylesheet, type: "text/css")
        case "/events":
            return PageResponse(
                status: 200, contentType: "text/event-stream", body: .stream(changes.eventStream()))
        default: break
        }
        if databases.count == 1, let only = databases.first { return respond(to: path, items: items, in: only) }
        if path == "/" { return page(in: nil) { try IndexPage.respond(to: items, browser: self) } }
        let rest = path.dropFirst()
        let segment = rest.prefix { $0 != "/" }
        let name = QueryItems.decode(segment)
        guard let context = databases.first(where: { $0.urlName == name }) else {
            return .error("no database named \(name)", status: 404, context: nil)
        }
        let pagePath = rest.dropFirst(segment.count)
        return respond(to: pagePath.isEmpty ? "/" : String(pagePath), items: items, in: context)
    }

    /// The response to a request for the page at `path` of the database of `context`.
    private func respond(to path: String, items: QueryItems, in context: BrowseContext) -> PageResponse {
        page(in: context) {
            switch path {
            case "/": try DatabasePage.respond(to: items, context: context)
            case "/table": try TablePage.respond(to: items, context: context)
            case "/row": try RowPage.respond(to: items, context: context)
            case "/schema": try SchemaPage.respond(to: items, context: context)
            case "/query": try QueryPage.respond(to: items, context: context)
            case "/canned": try CannedQueryPage.respond(to: items, context: context)
            case "/diagram": try DiagramPage.respond(to: items, context: context)
            case "/integrity": try ReportPages.integrity(context: context)
            case "/storage": try ReportPages.storage(context: context)
            case "/migrations": try ReportPages.migrations(context: context)
            case "/download": try DatabaseDownload.respond(context: context)
            default: throw PageError.notFound("no page at \(path)")
            }
        }
    }

    /// One of the ``StaticAssets``, of the media type `type`.
    private static func asset(_ text: String, type: String) -> PageResponse {
        PageResponse(status: 200, contentType: type + "; charset=utf-8", body: .bytes(Array(text.utf8)))
    }

    /// The page `make` writes, or the page of its error, in the frame of `context`'s pages.
    private func page(in context: BrowseContext?, _ make: () throws -> PageResponse) -> PageResponse {
        do {
            return try make()
        } catch let error as PageError {
            return .error(error.message, status: error.status, context: context)
        } catch let error as InspectionError {
            if case .unknownTable = error { return .error(error.description, status: 404, context: context) }
            return .error(error.description, status: 400, context: context)
        } catch {
            return .error(String(describing: error), status: 400, context: context)
        }
    }
}
