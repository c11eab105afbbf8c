import BeeStore

/// The query-builder queries of a table page: its rows (sorted and paged by keyset), its
/// count, its facets, and its exports. The builder quotes every name and binds every
/// value, so that a hostile name or value is only ever data.
struct TableQueries: Sendable {
    let shape: TableShape
    let request: TableRequest

    /// The resolved sort column, if the request sorts by one.
    let sortColumn: String?
    /// The columns the page shows and its exports hold, with their index among the
    /// table's: those of `_col` (or all), less those of `_nocol`.
    let shownColumns: [(index: Int, name: String)]

    /// The queries of `request` on `shape`, after checking that its columns exist.
    init(shape: TableShape, request: TableRequest) throws {
        self.shape = shape
        self.request = request
        sortColumn = try request.sortColumn.map(shape.column)
        let chosen = request.columns.isEmpty ? shape.columnNames : try request.columns.map(shape.column)
        let hidden = Set(try request.hiddenColumns.map(shape.column))
        shownColumns = chosen.filter { !hidden.contains($0) }.compactMap { name in
            shape.columnNames.firstIndex(of: name).map { (index: $0, name: name) }
        }
        guard !shownColumns.isEmpty else { throw PageError.badRequest("_col and _nocol leave no column to show") }
        for filter in request.filters { _ = try shape.column(filter.column) }
        for facet in request.facets { _ = try shape.column(facet.column) }
        if request.search != nil, !shape.isFullTextSearchable {
            throw PageError.badRequest("\(shape.name) is not a full-text (FTS5) table")
        }
        if !request.after.isEmpty, request.after.count != positionColumns.count {
            throw PageError.badRequest("the page position does not match the table's sort")
        }
    }

    /// The rows that meet the filters and the search.
    func filtered(in database: Database) throws -> Query {
        var query = database.from(shape.name)
        for filter in request.filters {
            query = try filter.op.apply(to: query, column: try shape.column(filter.column), value: filter.value)
        }
        for condition in request.conditions { query = query.where(sql: condition) }
        if let search = fullTextQuery {
            // An FTS5 table matches a search through the hidden column named as the table.
            query = query.where(shape.name, .equal, search)
        }
        return query
    }

    /// The FTS5 query of the request's search, if it has one.
    var fullTextQuery: String? {
        request.search.map { FullTextQuery.query(for: $0, isRaw: request.isRawSearch) }
    }

    /// The page's rows: the key columns first (for ordinary tables), then every column;
    /// one row more than a page, which tells whether there is a next one.
    func page(in database: Database) throws -> Query {
        var query = try ordered(in: database)
        query = shape.selectsKeySeparately ? query.select(shape.keyColumns[0], "*") : query
        return query.limit(request.pageSize + 1)
    }

    /// The rows of an export: the page's, or every row when the request asks for all.
    func export(in database: Database) throws -> Query {
        var query = try ordered(in: database)
        if shownColumns.count != shape.columnNames.count { query = shownColumns.reduce(query) { $0.select($1.name) } }
        return request.exportsAll ? query : query.limit(request.pageSize)
    }

    /// The values of a facet's column among the filtered rows, with their counts, most
    /// frequent first.
    func facet(_ column: String, in database: Database) throws -> Query {
        let column = try shape.column(column)
        return try filtered(in: database).select(column).select(.countAll).groupBy(column)
            .order(by: .countAll, .descending).orderAsc(column).limit(Self.facetSize)
    }

    /// How many values a facet shows.
    static let facetSize = 30

    /// The columns a page position holds: the sort column, then the key.
    var positionColumns: [String] {
        (sortColumn.map { [$0] } ?? []) + shape.keyColumns
    }

    /// The filtered rows in the page's order, after the request's page position.
    private func ordered(in database: Database) throws -> Query {
        let direction: OrderDirection = request.isDescending ? .descending : .ascending
        var query = try filtered(in: database)
        if let sortColumn { query = query.order(by: sortColumn, direction) }
        for key in shape.keyColumns { query = query.order(by: key, sortColumn == nil ? .ascending : direction) }
        if shape.keyColumns.isEmpty {
            return request.offset > 0 ? query.offset(request.offset) : query
        }
        guard !keysetTerms.isEmpty else { return query }
        return query.where { group in KeysetTerm.after(keysetTerms, in: group) }
    }

    /// The request's page position, one term a position column; empty on the first page.
    var keysetTerms: [KeysetTerm] {
        zip(positionColumns, request.after).map { column, value in
            KeysetTerm(column: column, value: value, isDescending: sortColumn != nil && request.isDescending)
        }
    }
}

/// One column of a keyset position: rows come after the position when they sort after
/// it on the first column that differs. SQLite sorts NULL first, so NULL is the smallest
/// value ascending and the last one descending.
struct KeysetTerm {
    let column: String
    let value: Value
    let isDescending: Bool

    /// The condition that a row comes after the position `terms` describe.
    static func after(_ terms: [KeysetTerm], in group: ConditionGroup) -> ConditionGroup {
        var result = group
        var added = false
        for index in terms.indices {
            guard terms[index].hasSuccessors else { continue }
            result = result.orWhere { branch in
                var branch = branch
                for earlier in terms[..<index] { branch = earlier.equal(in: branch) }
                return terms[index].following(in: branch)
            }
            added = true
        }
        return added ? result : result.where(.value(false))
    }

    /// The query-builder call of ``after(_:in:)``, as Swift source: the same conditions,
    /// grouped the same way.
    static func builderCall(_ terms: [KeysetTerm]) -> String {
        let branches = terms.indices.filter { terms[$0].hasSuccessors }.map { index in
            let conditions = terms[..<index].map(\.equalCall) + [terms[index].followingCall]
            return ".orWhere { $0" + conditions.joined() + " }"
        }
        guard !branches.isEmpty else { return ".where(.value(false))" }
        return ".where { $0" + branches.joined() + " }"
    }

    private var equalCall: String {
        let column = SwiftLiteral.string(column)
        return value == .null ? ".where(\(column), nil)" : ".where(\(column), \(SwiftLiteral.value(value)))"
    }

    private var followingCall: String {
        let column = SwiftLiteral.string(column)
        let literal = SwiftLiteral.value(value)
        return switch (isDescending, value) {
        case (false, .null): ".where(\(column), .notEqual, nil)"
        case (false, _): ".where(\(column), .greaterThan, \(literal))"
        case (true, _): ".where { $0.where(\(column), .lessThan, \(literal)).orWhere(\(column), nil) }"
        }
    }

    /// Whether any value sorts after this one (nothing sorts after NULL descending).
    private var hasSuccessors: Bool {
        !(isDescending && value == .null)
    }

    private func equal(in group: ConditionGroup) -> ConditionGroup {
        group.where(column, value == .null ? nil : value)
    }

    private func following(in group: ConditionGroup) -> ConditionGroup {
        switch (isDescending, value) {
        case (false, .null): group.where(column, .notEqual, nil)
        case (false, _): group.where(column, .greaterThan, value)
        case (true, _): group.where { $0.where(column, .lessThan, value).orWhere(column, nil) }
        }
    }
}
