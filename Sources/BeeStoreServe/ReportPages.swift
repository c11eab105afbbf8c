import BeeStore

/// The database's health pages: its integrity check, its storage statistics, and the
/// migrations BeeStore recorded in it.
enum ReportPages {
    /// The integrity check reads every page of the file once, however large: it runs on
    /// the exports' connection, without the pages' time limit.
    static func integrity(context: BrowseContext) throws -> PageResponse {
        let report = try Inspector(context.exporting).checkIntegrity()
        return .html(
            PageLayout.page(title: "Integrity", context: context) { html in
                html.element("p", [("id", "verdict")], text: report.isHealthy ? "The database is healthy." : "Problems found.")
                html.element("pre", [("id", "report")], text: report.description)
            })
    }

    static func storage(context: BrowseContext) throws -> PageResponse {
        let statistics = try context.inspector.storageStatistics()
        return .html(
            PageLayout.page(title: "Storage", context: context) { html in
                html.element("pre", [("id", "summary")], text: statistics.figures)
                html.raw("<table id=\"report\"><thead><tr><th>name</th><th>kind</th><th>table</th><th>bytes</th></tr></thead><tbody>")
                for object in statistics.objects {
                    html.raw("<tr>")
                    html.element("td", text: object.name)
                    html.element("td", text: object.kind.rawValue)
                    html.element("td", text: object.tableName)
                    html.element("td", text: CountText.number(object.byteCount))
                    html.raw("</tr>")
                }
                html.raw("</tbody></table>")
            })
    }

    static func migrations(context: BrowseContext) throws -> PageResponse {
        let applied = try Migrator(database: context.database).status()
        return .html(
            PageLayout.page(title: "Migrations", context: context) { html in
                guard !applied.isEmpty else {
                    html.element("p", [("id", "report")], text: "No BeeStore migrations are recorded in this database.")
                    return
                }
                html.raw("<table id=\"report\"><thead><tr><th>migration</th><th>applied at</th><th>checksum</th></tr></thead><tbody>")
                for status in applied {
                    html.raw("<tr>")
                    html.element("td", text: status.identifier)
                    html.element("td", text: status.appliedAt.map { "\($0)" } ?? "")
                    html.element("td", text: status.recordedChecksum ?? "")
                    html.raw("</tr>")
                }
                html.raw("</tbody></table>")
            })
    }
}
