import BeeStore

/// A canned query's page (`/canned?name=…`): its title, description and SQL from the
/// metadata file, a form of its named parameters, and its rows, exported as CSV or JSON
/// with `_format`. It runs as the SQL editor's queries do: read-only (a statement that
/// would write is refused before it runs), under the time limit.
///
/// The page opened without any of its parameters shows the form alone; once one is given,
/// every one must be (an empty field counts as given), or the request is answered 400
/// naming the first missing. An export needs them all.
enum CannedQueryPage {
    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        guard let name = items["name"], !name.isEmpty else { throw PageError.badRequest("no canned query named in the request") }
        guard let query = context.metadata.query(named: name) else {
            throw PageError.notFound("no canned query named \(name) in \(context.displayName)")
        }
        let inspector = context.inspector
        let names = try inspector.parameterNames(in: query.sql)
        let fields = names.map { String($0.dropFirst()) }
        let exportFormat = try PageResponse.exportFormat(in: items)
        let runs = exportFormat != nil || fields.isEmpty || fields.contains { items[$0] != nil }
        if runs, let missing = fields.first(where: { items[$0] == nil }) {
            throw PageError.badRequest("missing parameter \(missing) of the query \(name)")
        }
        var arguments: [String: Value] = [:]
        for field in fields where items[field] != nil { arguments[field] = TypedText.value(of: items[field] ?? "") }
        let statementArguments = fields.isEmpty ? StatementArguments() : StatementArguments(named: arguments)
        if let exportFormat {
            return try .export(format: exportFormat, fileName: name) { writer in
                try inspector.execute(query.sql, arguments: statementArguments, writingTo: &writer)
            }
        }
        let result: QueryResult? =
            try runs ? inspector.execute(query.sql, arguments: statementArguments, maximumRowCount: QueryPage.shownRowCount) : nil
        let page = PageURL("/canned", [("name", name)])
        return .html(
            PageLayout.page(title: query.about.title ?? name, context: context, isLive: result != nil) { html in
                query.about.write(to: &html)
                html.element("pre", [("id", "canned-sql"), ("class", "sql")], text: query.sql)
                html.open("form", [("id", "canned-form"), ("method", "get"), ("action", html.href(PageURL("/canned")))])
                html.open("input", [("type", "hidden"), ("name", "name"), ("value", name)])
                QueryPage.writeParameterFields(names: names, arguments: arguments, to: &html)
                html.raw("<button type=\"submit\" id=\"run-query\">Run</button> ")
                html.link("edit as SQL", to: QueryPage.url(PageURL("/query", [("sql", query.sql)]), adding: arguments), [("id", "edit-sql")])
                html.raw("</form>")
                if let result { QueryPage.writeResult(result, url: QueryPage.url(page, adding: arguments), to: &html) }
            })
    }
}
