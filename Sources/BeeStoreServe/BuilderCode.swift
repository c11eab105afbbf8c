/// The BeeStore query-builder code that reads what a table page shows, to copy into an app.
enum BuilderCode {
    /// Swift source for the rows of `queries`' filters, search and sort.
    static func swift(for queries: TableQueries) -> String {
        var lines = ["let rows = try db.from(\(SwiftLiteral.string(queries.shape.name)))"]
        if queries.shownColumns.count != queries.shape.columnNames.count {
            lines.append("    .select(" + queries.shownColumns.map { SwiftLiteral.string($0.name) }.joined(separator: ", ") + ")")
        }
        for filter in queries.request.filters {
            lines.append("    " + filter.op.builderCall(column: filter.column, value: filter.value))
        }
        for condition in queries.request.conditions { lines.append("    .where(sql: \(SwiftLiteral.string(condition)))") }
        if let search = queries.fullTextQuery {
            lines.append("    .where(\(SwiftLiteral.string(queries.shape.name)), .equal, \(SwiftLiteral.string(search)))")
        }
        if let sortColumn = queries.sortColumn {
            let direction = queries.request.isDescending ? ".descending" : ".ascending"
            lines.append("    .order(by: \(SwiftLiteral.string(sortColumn)), \(direction))")
        }
        for key in queries.shape.keyColumns {
            let direction = queries.sortColumn != nil && queries.request.isDescending ? ".descending" : ".ascending"
            lines.append("    .order(by: \(SwiftLiteral.string(key)), \(direction))")
        }
        if !queries.keysetTerms.isEmpty { lines.append("    " + KeysetTerm.builderCall(queries.keysetTerms)) }
        lines.append("    .limit(\(queries.request.pageSize))")
        if queries.shape.keyColumns.isEmpty && queries.request.offset > 0 { lines.append("    .offset(\(queries.request.offset))") }
        lines.append("    .get()")
        return lines.joined(separator: "\n")
    }
}
