import BeeStore

/// A table or view's page: its rows, a page at a time, with filters, sorting, facets,
/// foreign-key labels, full-text search, exports and the query-builder code of what it shows.
enum TablePage {
    /// The page, or the export, that `items` ask for.
    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        let request = try TableRequest(items: items)
        let shape = try TableShape.named(request.table, in: context.inspector)
        let queries = try TableQueries(shape: shape, request: request)
        if let format = request.format {
            let database = request.exportsAll ? context.exporting : context.database
            let statement = try queries.export(in: database).selectStatement()
            let inspector = Inspector(database)
            return try .export(format: format, fileName: shape.name) { writer in
                try inspector.execute(
                    statement.sql, arguments: StatementArguments(values: statement.arguments), writingTo: &writer)
            }
        }
        let content = try TablePageContent(queries: queries, context: context)
        if request.isJSON {
            return try TableJSON.response(for: content, shape: request.shape, context: context)
        }
        let about = context.metadata.tables[shape.name]
        return .html(
            PageLayout.page(title: about?.title ?? shape.name, context: context) { html in
                about?.write(to: &html)
                content.write(to: &html)
            })
    }
}

/// What a table page shows, read in one go before it is written.
struct TablePageContent {
    let queries: TableQueries
    let rows: [Row]
    let hasNextPage: Bool
    let matchingCount: Int?
    let labels: ForeignKeyLabels
    let facets: [(facet: Facet, values: [(value: Value, count: Int)]?)]
    let suggestedFacets: [Facet]
    /// The page's query (its rows, columns and order) as SQL with its values written in,
    /// for the SQL editor.
    let editableSQL: String?

    var shape: TableShape { queries.shape }
    var request: TableRequest { queries.request }
    /// Where the table's columns start in each row (after the rowid, when it is selected).
    var valueOffset: Int { shape.selectsKeySeparately ? 1 : 0 }

    init(queries: TableQueries, context: BrowseContext) throws {
        self.queries = queries
        let fetched = try queries.page(in: context.database).get()
        hasNextPage = fetched.count > queries.request.pageSize
        rows = Array(fetched.prefix(queries.request.pageSize))
        matchingCount = try? queries.filtered(in: context.counting).count()
        let facets = queries.request.facets.map { facet in
            (facet: facet, values: try? facet.values(of: queries, in: context.counting))
        }
        self.facets = facets
        editableSQL = try? queries.export(in: context.database).selectStatement().sqlWithLiterals
        suggestedFacets = !queries.request.isJSON
            ? FacetSuggestions.suggestions(for: queries, rowCount: matchingCount, in: context.counting) : []
        var values = ForeignKeyLabels.values(
            of: rows, in: queries.shape, valueOffset: queries.shape.selectsKeySeparately ? 1 : 0)
        for facet in facets where facet.facet.kind == .values {
            values[facet.facet.column, default: []] += facet.values?.map(\.value) ?? []
        }
        labels = try ForeignKeyLabels(shape: queries.shape, values: values, context: context)
    }

    func write(to html: inout HTML) {
        writeSummary(to: &html)
        writeSearchAndFilterForms(to: &html)
        writeFacets(to: &html)
        writeRows(to: &html)
        if hasNextPage, let next = nextPageURL { html.link("Next page", to: next, [("id", "next-page")]) }
        writeBuilderCode(to: &html)
    }

    private func writeSummary(to html: inout HTML) {
        html.raw("<p class=\"summary\">")
        let count = matchingCount.map(CountText.rows) ?? "many rows (counting took too long)"
        html.element("span", [("id", "row-count")], text: count)
        html.raw(" · ")
        html.link("schema", to: PageURL("/schema", [("name", shape.name)]), [("id", "schema-link")])
        html.raw(" · export ")
        html.link("CSV", to: request.url.adding("_format", "csv"), [("id", "export-csv")])
        html.raw(" ")
        html.link("JSON", to: request.url.adding("_format", "json"), [("id", "export-json")])
        html.raw(" · all rows as ")
        html.link("CSV", to: request.url.adding("_format", "csv").adding("_all", "1"), [("id", "export-all-csv")])
        html.raw(" ")
        html.link("JSON", to: request.url.adding("_format", "json").adding("_all", "1"), [("id", "export-all-json")])
        if let sql = editableSQL {
            html.raw(" · ")
            html.link("edit as SQL", to: PageURL("/query", [("sql", sql)]), [("id", "edit-sql")])
        }
        html.raw("</p>")
        guard !request.filters.isEmpty || !request.conditions.isEmpty else { return }
        html.raw("<ul id=\"filters\">")
        let filterless = request.url.removing { name in name == "_where" || TableFilter(name: name, value: "") != nil }
        let items = request.filters.map { (summary: $0.summary, item: $0.queryItem, isSQL: false) }
            + request.conditions.map { (summary: "where " + $0, item: ("_where", $0), isSQL: true) }
        for (index, entry) in items.enumerated() {
            html.open("li", [("class", entry.isSQL ? "filter where" : "filter")])
            html.text(entry.summary + " ")
            let url = items.enumerated().filter { $0.offset != index }.reduce(filterless) { $0.adding($1.element.item.0, $1.element.item.1) }
            html.link("✕", to: url, [("class", "remove-filter"), ("title", "remove this filter")])
            html.close("li")
        }
        html.raw("</ul>")
    }

    private func writeSearchAndFilterForms(to html: inout HTML) {
        if shape.isFullTextSearchable {
            html.open("form", [("id", "search-form"), ("method", "get"), ("action", html.href(PageURL("/table")))])
            writeHiddenFields(of: request.url.removing { $0 == "_search" }, to: &html)
            html.open("input", [("type", "search"), ("name", "_search"), ("value", request.search ?? ""), ("placeholder", "Search")])
            html.raw("<button type=\"submit\">Search</button></form>")
        }
        html.open("form", [("id", "filter-form"), ("method", "get"), ("action", html.href(PageURL("/table")))])
        writeHiddenFields(of: request.url, to: &html)
        html.open("select", [("name", "_column"), ("aria-label", "column")])
        for column in shape.columnNames { html.element("option", [("value", column)], text: column) }
        html.close("select")
        html.open("select", [("name", "_op"), ("aria-label", "operator")])
        for op in FilterOperator.offered { html.element("option", [("value", op.rawValue)], text: op.label) }
        html.close("select")
        html.open("input", [("type", "text"), ("name", "_value"), ("aria-label", "value")])
        html.raw("<button type=\"submit\" id=\"apply-filter\">Filter</button></form>")
        writeFacetSuggestions(to: &html)
    }

    private func writeHiddenFields(of url: PageURL, to html: inout HTML) {
        for item in url.items {
            html.open("input", [("type", "hidden"), ("name", item.name), ("value", item.value)])
        }
    }

    private func writeRows(to html: inout HTML) {
        html.raw("<div class=\"scroll\"><table id=\"rows\"><thead><tr>")
        if !shape.keyColumns.isEmpty { html.raw("<th>#</th>") }
        for (_, column) in queries.shownColumns {
            let isAscending = queries.sortColumn == column && !request.isDescending
            let url = request.url.removing { $0 == "_sort" || $0 == "_sort_desc" }
                .adding(isAscending ? "_sort_desc" : "_sort", column)
            let marker = queries.sortColumn == column ? (request.isDescending ? " ▼" : " ▲") : ""
            html.raw("<th>")
            html.link(column + marker, to: url, [("class", "sort"), ("data-column", column)])
            writeColumnMenu(of: column, to: &html)
            html.raw("</th>")
        }
        html.raw("</tr></thead><tbody>")
        for row in rows {
            html.raw("<tr class=\"row\">")
            if let key = rowKey(of: row) {
                html.raw("<td>")
                html.link(key.label, to: key.url, [("class", "row-link")])
                html.raw("</td>")
            }
            for (index, column) in queries.shownColumns {
                html.open("td", [("data-column", column)])
                labels.append(row[valueOffset + index], of: column, to: &html, textLimit: CellFormat.shownTextLength)
                html.close("td")
            }
            html.raw("</tr>")
        }
        html.raw("</tbody></table></div>")
    }

    /// The link to a row's page and its label, for tables with a key.
    private func rowKey(of row: Row) -> (label: String, url: PageURL)? {
        guard !shape.keyColumns.isEmpty else { return nil }
        let values = keyValues(of: row)
        let url = PageURL("/row", [("name", shape.name)] + values.map { ("key", ValueToken.encode($0)) })
        return (values.map(CellFormat.text).joined(separator: ", "), url)
    }

    func keyValues(of row: Row) -> [Value] {
        if shape.selectsKeySeparately { return [row[0]] }
        return shape.keyColumns.compactMap { key in shape.columnNames.firstIndex(of: key).map { row[valueOffset + $0] } }
    }

    /// The URL of the next page: after the last row's position, or further by offset for views.
    var nextPageURL: PageURL? {
        guard let last = rows.last else { return nil }
        guard !shape.keyColumns.isEmpty else {
            return request.url.adding("_offset", String(request.offset + request.pageSize))
        }
        var position: [Value] = []
        if let sortColumn = queries.sortColumn, let index = shape.columnNames.firstIndex(of: sortColumn) {
            position.append(last[valueOffset + index])
        }
        position += keyValues(of: last)
        return position.reduce(request.url) { $0.adding("_after", ValueToken.encode($1)) }
    }

    private func writeBuilderCode(to html: inout HTML) {
        html.element("h2", text: "In Swift, with BeeStore")
        html.element("pre", [("id", "builder-code")], text: BuilderCode.swift(for: queries))
    }
}
