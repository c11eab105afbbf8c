import BeeStore
import Foundation

/// The read-only SQL editor: a query with its named parameters as form fields, its result
/// (the first rows) or its query plan as a tree with full scans marked, and exports.
enum QueryPage {
    /// The most rows the page shows; exports hold them all.
    static let shownRowCount = 1_000

    static func respond(to items: QueryItems, context: BrowseContext) throws -> PageResponse {
        let sql = items["sql"] ?? ""
        let exportFormat = try PageResponse.exportFormat(in: items)
        let inspector = context.inspector
        var outcome: Result<Outcome, any Error> = .success(.none)
        var names: [String] = []
        var arguments: [String: Value] = [:]
        if !sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            outcome = Result {
                names = try inspector.parameterNames(in: sql)
                for name in names { arguments[String(name.dropFirst())] = TypedText.value(of: items[String(name.dropFirst())] ?? "") }
                let statementArguments = names.isEmpty ? StatementArguments() : StatementArguments(named: arguments)
                if let exportFormat { return .export(exportFormat, statementArguments) }
                if items["_plan"] == "1" { return .plan(try inspector.queryPlan(for: sql, arguments: statementArguments)) }
                return .rows(try inspector.execute(sql, arguments: statementArguments, maximumRowCount: shownRowCount))
            }
        }
        if case .success(.export(let format, let statementArguments)) = outcome {
            return try .export(format: format, fileName: "query") { writer in
                try inspector.execute(sql, arguments: statementArguments, writingTo: &writer)
            }
        }
        var status = 200
        let page = PageLayout.page(title: "SQL", context: context, isLive: false) { html in
            writeForm(sql: sql, names: names, arguments: arguments, to: &html)
            switch outcome {
            case .success(.rows(let result)):
                writeResult(result, url: url(PageURL("/query", [("sql", sql)]), adding: arguments), to: &html)
            case .success(.plan(let plan)): PlanTree.write(plan, to: &html)
            case .success: break
            case .failure(let error):
                status = 400
                html.element("div", [("id", "error"), ("class", "error")], text: String(describing: error))
            }
        }
        return .html(page, status: status)
    }

    /// What the editor does with its query.
    private enum Outcome {
        case none
        case rows(QueryResult)
        case plan(QueryPlan)
        case export(ResultFormat, StatementArguments)
    }

    private static func writeForm(sql: String, names: [String], arguments: [String: Value], to html: inout HTML) {
        html.open("form", [("id", "query-form"), ("method", "get"), ("action", html.href(PageURL("/query")))])
        html.element("textarea", [("id", "sql"), ("name", "sql"), ("rows", "8"), ("spellcheck", "false")], text: sql)
        writeParameterFields(names: names, arguments: arguments, to: &html)
        html.raw("<p><button type=\"submit\" id=\"run-query\">Run</button> ")
        html.raw("<button type=\"submit\" id=\"explain\" name=\"_plan\" value=\"1\">Query plan</button></p></form>")
    }

    /// A field for each of the named parameters `names` (with their prefix), holding its
    /// value in `arguments` (keyed without the prefix).
    static func writeParameterFields(names: [String], arguments: [String: Value], to html: inout HTML) {
        for name in names {
            let field = String(name.dropFirst())
            html.open("label")
            html.text(name + " ")
            html.open("input", [("class", "param"), ("name", field), ("value", arguments[field].map(CellFormat.text) ?? "")])
            html.close("label")
        }
    }

    /// `url` with a query item for each of `arguments`, in name order.
    static func url(_ url: PageURL, adding arguments: [String: Value]) -> PageURL {
        arguments.keys.sorted().reduce(url) { url, name in url.adding(name, arguments[name].map(CellFormat.text) ?? "") }
    }

    /// The rows of `result`, with links exporting them: `url` with `_format`.
    static func writeResult(_ result: QueryResult, url: PageURL, to html: inout HTML) {
        html.raw("<p class=\"summary\">")
        let count = CountText.rows(result.rows.count)
        html.element("span", [("id", "row-count")], text: result.hasMoreRows ? "first \(count) shown" : count)
        html.raw(" · export ")
        html.link("CSV", to: url.adding("_format", "csv"), [("id", "export-csv")])
        html.raw(" ")
        html.link("JSON", to: url.adding("_format", "json"), [("id", "export-json")])
        html.raw("</p><div class=\"scroll\"><table id=\"rows\"><thead><tr>")
        for column in result.columnNames { html.element("th", text: column) }
        html.raw("</tr></thead><tbody>")
        for row in result.rows {
            html.raw("<tr class=\"row\">")
            for (index, value) in row.enumerated() {
                html.open("td", [("data-column", result.columnNames.indices.contains(index) ? result.columnNames[index] : "")])
                CellFormat.append(value, to: &html, textLimit: CellFormat.shownTextLength)
                html.close("td")
            }
            html.raw("</tr>")
        }
        html.raw("</tbody></table></div>")
    }
}

/// A query plan as nested lists, each full table scan marked.
enum PlanTree {
    static func write(_ plan: QueryPlan, to html: inout HTML) {
        html.raw("<ul id=\"plan\">")
        for step in plan.steps { write(step, to: &html) }
        html.raw("</ul>")
        if !plan.fullTableScans.isEmpty {
            html.element("p", [("class", "warning")], text: "Full table scans are marked: an index could avoid them.")
        }
    }

    private static func write(_ step: QueryPlanStep, to html: inout HTML) {
        html.open("li", step.isFullTableScan ? [("class", "full-scan")] : [])
        html.text(step.detail)
        if !step.children.isEmpty {
            html.raw("<ul>")
            for child in step.children { write(child, to: &html) }
            html.raw("</ul>")
        }
        html.close("li")
    }
}
