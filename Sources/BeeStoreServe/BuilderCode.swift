/// The BeeStore query-builder code that reads what a table page shows, to copy into an app.
enum BuilderCode {
    /// Swift source for the rows of `queries`' filters, search and sort.
    static func swift(for queries: TableQueries) -> String {
        var lines = ["let rows = try db.from(\(SwiftLiteral.string(queries.shape.name)))"]
        for filter in queries.request.filters {
            lines.append("    " + filter.op.builderCall(column: filter.column, value: filter.value))
        }
        if let search = queries.fullTextQuery {
            lines.append("    .where(\(SwiftLiteral.string(queries.shape.name)), .equal, \(SwiftLiteral.string(search)))")
        }
        if let sortColumn = queries.sortColumn {
            let direction = queries.request.isDescending ? ".descending" : ".ascending"
            lines.append("    .order(by: \(SwiftLiteral.string(sortColumn)), \(direction))")
        }
        lines.append("    .limit(\(queries.request.pageSize))")
        lines.append("    .get()")
        return lines.joined(separator: "\n")
    }
}
