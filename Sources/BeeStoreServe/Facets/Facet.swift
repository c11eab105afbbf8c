import BeeStore

/// A facet a table page shows: a column's values among the filtered rows with their counts
/// (`_facet`), the elements of the JSON arrays it holds (`_facet_array`), or the dates of
/// its date-like text (`_facet_date`), as Datasette offers them.
struct Facet: Sendable, Hashable {
    /// How a facet groups a column's values.
    enum Kind: String, Sendable, CaseIterable {
        /// By value.
        case values = "_facet"
        /// By element of the JSON arrays the column holds.
        case array = "_facet_array"
        /// By `date()` of the column.
        case date = "_facet_date"

        /// The words after a facet's column in the page: none, `(array)` or `(date)`.
        var suffix: String {
            switch self {
            case .values: ""
            case .array: " (array)"
            case .date: " (date)"
            }
        }
    }

    let column: String
    let kind: Kind

    /// The query item that asks for the facet.
    var queryItem: (String, String) { (kind.rawValue, column) }

    /// The filter selecting exactly the rows a value of this facet counts.
    func filter(selecting value: Value) -> TableFilter {
        switch kind {
        case .values: TableFilter.selecting(value, in: column)
        case .array: TableFilter(column: column, op: .arraycontains, value: CellFormat.text(value))
        case .date: TableFilter(column: column, op: .date, value: CellFormat.text(value))
        }
    }

    /// The values of the facet among the rows `queries` filter, with their counts, most
    /// frequent first, at most ``TableQueries/facetSize`` of them.
    func values(of queries: TableQueries, in database: Database) throws -> [(value: Value, count: Int)] {
        let column = try queries.shape.column(column)
        switch kind {
        case .values:
            return try Self.counted(queries.facet(column, in: database).get())
        case .date:
            let date = SQLExpression.function("date", .exactColumn(column))
            return try Self.counted(
                queries.filtered(in: database).select(date).select(.countAll).where(date.isNotNull).groupBy(date)
                    .order(by: .countAll, .descending).order(by: date).limit(TableQueries.facetSize).get())
        case .array:
            // The elements are counted here, each row's array read once, under the time limit.
            var counts: [Value: Int] = [:]
            for row in try queries.filtered(in: database).select(column).where(column, .notEqual, nil).get() {
                for element in Set(Self.elements(of: row[0]) ?? []) { counts[element, default: 0] += 1 }
            }
            let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : CellFormat.text($0.key) < CellFormat.text($1.key) }
            return sorted.prefix(TableQueries.facetSize).map { (value: $0.key, count: $0.value) }
        }
    }

    /// Rows of a value and its count as a facet's values.
    private static func counted(_ rows: [Row]) -> [(value: Value, count: Int)] {
        rows.map { (value: $0[0], count: Int(truncatingIfNeeded: (try? $0.decode(Int64.self, at: 1)) ?? 0)) }
    }

    /// The strings and numbers of `value` when it is the text of a JSON array; nil otherwise.
    static func elements(of value: Value) -> [Value]? {
        guard case .text(let text) = value else { return nil }
        return JSONList.values(in: text)?.compactMap { $0 }
    }
}
