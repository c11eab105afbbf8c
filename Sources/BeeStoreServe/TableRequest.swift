import BeeStore

/// What a table page is asked to show: the filters, the sort, the facets, the search, the
/// page (a keyset position or an offset) and the format, read from the query items.
struct TableRequest: Sendable {
    /// The table or view.
    let table: String
    /// The conditions rows must meet.
    var filters: [TableFilter] = []
    /// Conditions written in SQL (`_where`, repeatable), each checked to stay one expression.
    var conditions: [String] = []
    /// The column to sort by, if not the table's key.
    var sortColumn: String?
    /// Whether the sort is descending.
    var isDescending = false
    /// The columns to show, in order (`_col`, repeated); all when empty.
    var columns: [String] = []
    /// The columns not to show (`_nocol`, repeated).
    var hiddenColumns: [String] = []
    /// The facets to show, in order.
    var facets: [Facet] = []
    /// A full-text search, for FTS5 tables, as typed.
    var search: String?
    /// Whether the search is FTS5 syntax (`_searchmode=raw`) rather than terms to quote.
    var isRawSearch = false
    /// The sort value and key of the last row of the previous page.
    var after: [Value] = []
    /// Rows to skip, for views (which have no key to page by).
    var offset = 0
    /// Rows per page.
    var pageSize = 100
    /// The format: nil for HTML, or `csv` or `json`.
    var format: ResultFormat?
    /// The shape of a JSON page (`_shape`), which implies the JSON format.
    var shape: JSONShape?
    /// Whether an export holds every row rather than the page's.
    var exportsAll = false
    /// What the default JSON page (`_extra`, as Datasette 1.0 names it) adds to its rows.
    var extras: [JSONExtra] = []

    /// Whether the page is asked for as JSON: a `_shape`, or the default form `_extra` asks for.
    var isJSON: Bool { shape != nil || !extras.isEmpty }

    /// The largest page a request may ask for.
    static let maximumPageSize = 1_000

    /// The query items a table page reads besides its filters; any other item whose
    /// name starts with `_` is refused with a 400 naming it rather than ignored.
    static let parameterNames: Set<String> = [
        "name", "_sort", "_sort_desc", "_facet", "_search", "_searchmode", "_after", "_offset", "_size", "_format", "_all",
        "_column", "_op", "_value", "_col", "_nocol", "_where", "_shape", "_facet_array", "_facet_date", "_extra",
    ]

    /// The request that `items` describe. An item named `column__operator` is a filter, and
    /// one named after a column alone (`GenreId=1`) the filter `exact`, as in Datasette.
    init(items: QueryItems) throws {
        guard let table = items["name"], !table.isEmpty else { throw PageError.badRequest("no table named in the request") }
        self.table = table
        for (name, value) in items.items where !Self.parameterNames.contains(name) {
            if let filter = TableFilter(name: name, value: value) {
                filters.append(filter)
            } else if name.hasPrefix("_") {
                throw PageError.badRequest("unknown parameter \(name)")
            } else {
                filters.append(TableFilter(column: name, op: .exact, value: value))
            }
        }
        if let column = items["_column"], !column.isEmpty, let op = items["_op"].flatMap(FilterOperator.init(rawValue:)) {
            filters.append(TableFilter(column: column, op: op, value: items["_value"] ?? ""))
        }
        if let column = items["_sort_desc"], !column.isEmpty {
            sortColumn = column
            isDescending = true
        } else if let column = items["_sort"], !column.isEmpty {
            sortColumn = column
        }
        facets = items.items.compactMap { item in
            Facet.Kind(rawValue: item.name).flatMap { item.value.isEmpty ? nil : Facet(column: item.value, kind: $0) }
        }
        columns = items.all("_col").filter { !$0.isEmpty }
        hiddenColumns = items.all("_nocol").filter { !$0.isEmpty }
        search = items["_search"].flatMap { FullTextQuery.terms(of: $0).isEmpty ? nil : $0 }
        switch items["_searchmode"] ?? "" {
        case "": break
        case "raw": isRawSearch = true
        case let mode: throw PageError.badRequest("unknown _searchmode \(mode): use raw, or leave it out")
        }
        conditions = items.all("_where").filter { !$0.isEmpty }
        for condition in conditions {
            if let problem = SQLConditionText.problem(in: condition) { throw PageError.badRequest("_where refused: \(problem)") }
        }
        after = try items.all("_after").map(ValueToken.decode)
        offset = try Self.count(items["_offset"], named: "_offset") ?? 0
        pageSize = items["_size"] == "max" ? Self.maximumPageSize : min(try Self.count(items["_size"], named: "_size") ?? 100, Self.maximumPageSize)
        format = try PageResponse.exportFormat(in: items)
        exportsAll = items["_all"] == "1"
        if let name = items["_shape"], !name.isEmpty {
            guard let shape = JSONShape(rawValue: name) else {
                throw PageError.badRequest("unknown _shape \(name): use arrays, objects, array or object")
            }
            guard format != .csv, !exportsAll else { throw PageError.badRequest("_shape is a JSON page: not with _format=csv or _all=1") }
            self.shape = shape
            format = nil
        }
        extras = try items.all("_extra").flatMap { $0.split(separator: ",", omittingEmptySubsequences: true) }.map { name in
            guard let extra = JSONExtra(rawValue: String(name)) else {
                throw PageError.badRequest("unknown _extra \(name): use count, next_url or columns")
            }
            return extra
        }
        if !extras.isEmpty {
            guard shape == nil, format == nil, !exportsAll else {
                throw PageError.badRequest("_extra asks for the default JSON page: not with _shape, _format or _all")
            }
        }
        for filter in filters where filter.op == .typed { _ = try ValueToken.decode(filter.value) }
        for filter in filters where filter.op == .in || filter.op == .notin { _ = try FilterOperator.list(filter.value) }
    }

    private static func count(_ text: String?, named name: String) throws -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let count = Int(text), count >= 0 else { throw PageError.badRequest("\(name) must be a number of rows") }
        return count
    }

    /// The URL of this table page with the same filters, sort, facets and search, and no
    /// page position or format.
    var url: PageURL {
        var items: [(String, String)] = [("name", table)]
        items += filters.map(\.queryItem) + conditions.map { ("_where", $0) }
        if let sortColumn { items.append((isDescending ? "_sort_desc" : "_sort", sortColumn)) }
        items += columns.map { ("_col", $0) } + hiddenColumns.map { ("_nocol", $0) }
        items += facets.map(\.queryItem)
        if let search { items.append(("_search", search)) }
        if isRawSearch { items.append(("_searchmode", "raw")) }
        if pageSize != 100 { items.append(("_size", String(pageSize))) }
        if let shape { items.append(("_shape", shape.rawValue)) }
        if !extras.isEmpty { items.append(("_extra", extras.map(\.rawValue).joined(separator: ","))) }
        return PageURL("/table", items)
    }
}
