import BeeStore

/// The browser interface's pages, by path. Each is made on the thread that asks for it
/// (the server's thread of its connection), so a slow page never stalls the others.
package struct Browser: Sendable {
    let context: BrowseContext
    let changes: ChangeBroadcaster

    /// The pages of `context`, refreshed live through `changes`.
    package init(context: BrowseContext, changes: ChangeBroadcaster) {
        self.context = context
        self.changes = changes
    }

    /// The response to a request for `path` with `items`.
    func respond(to path: String, items: QueryItems) -> PageResponse {
        let context = context
        switch path {
        case "/app.js": return Self.asset(StaticAssets.script, type: "text/javascript")
        case "/events.js": return Self.asset(StaticAssets.eventsWorker, type: "text/javascript")
        case "/style.css": return Self.asset(StaticAssets.stylesheet, type: "text/css")
        case "/events":
            return PageResponse(
                status: 200, contentType: "text/event-stream", body: .stream(changes.eventStream()))
        case "/": return page { try DatabasePage.respond(to: items, context: context) }
        case "/table": return page { try TablePage.respond(to: items, context: context) }
        case "/row": return page { try RowPage.respond(to: items, context: context) }
        case "/schema": return page { try SchemaPage.respond(to: items, context: context) }
        case "/query": return page { try QueryPage.respond(to: items, context: context) }
        case "/diagram": return page { try DiagramPage.respond(to: items, context: context) }
        case "/integrity": return page { try ReportPages.integrity(context: context) }
        case "/storage": return page { try ReportPages.storage(context: context) }
        case "/migrations": return page { try ReportPages.migrations(context: context) }
        default: return .error("no page at \(path)", status: 404, databaseName: context.displayName)
        }
    }

    /// One of the ``StaticAssets``, of the media type `type`.
    private static func asset(_ text: String, type: String) -> PageResponse {
        PageResponse(status: 200, contentType: type + "; charset=utf-8", body: .bytes(Array(text.utf8)))
    }

    /// The page `make` writes, or the page of its error.
    private func page(_ make: () throws -> PageResponse) -> PageResponse {
        do {
            return try make()
        } catch let error as PageError {
            return .error(error.message, status: error.status, databaseName: context.displayName)
        } catch let error as InspectionError {
            if case .unknownTable = error { return .error(error.description, status: 404, databaseName: context.displayName) }
            return .error(error.description, status: 400, databaseName: context.displayName)
        } catch {
            return .error(String(describing: error), status: 400, databaseName: context.displayName)
        }
    }
}
