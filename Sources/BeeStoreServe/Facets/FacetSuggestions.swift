import BeeStore

/// The facets a table page suggests, as Datasette does: columns with a few distinct values
/// among the filtered rows (more than one, at most a facet's size, fewer than the rows),
/// columns whose values are JSON arrays, and columns whose values are dates
/// (`YYYY-MM-DD…`). The rows looked at are the first ``sampledRows`` filtered ones (all of
/// them in a smaller table), and a column's distinct values are read only until there
/// are more than a facet shows, so that a column of many values costs a few rows. Each
/// column costs two statements under the counting time limit, and suggesting stops when
/// ``timeBudget`` has passed, so that a wide or huge table suggests less rather than
/// answering late.
enum FacetSuggestions {
    /// The longest suggesting may take, all columns together.
    static let timeBudget = Duration.milliseconds(300)
    /// How many values of a column are looked at to tell arrays and dates.
    static let sampleSize = 20
    /// How many of the filtered rows, the first ones, distinct values are counted in.
    static let sampledRows = 10_000

    /// The facets to suggest for `queries`' page, whose filtered rows number `rowCount`.
    static func suggestions(for queries: TableQueries, rowCount: Int?, in database: Database) -> [Facet] {
        let clock = ContinuousClock()
        let start = clock.now
        let asked = Set(queries.request.facets)
        var suggested: [Facet] = []
        guard let filtered = try? queries.filtered(in: database) else { return [] }
        // The sampled rows, under a name that cannot be the table's.
        let sampleName = "sample of " + queries.shape.name
        for column in queries.shape.columnNames where !queries.shape.isUnique(column) {
            guard clock.now - start < timeBudget else { break }
            let field = SQLExpression.exactColumn(column)
            let distinct = try? database.from(sampleName).with(sampleName, as: filtered.limit(sampledRows))
                .select(field).distinct().where(column, .notEqual, nil).limit(TableQueries.facetSize + 1).get().count
            if let count = distinct, count > 1, count <= TableQueries.facetSize, rowCount.map({ count < $0 }) ?? true {
                suggested.append(Facet(column: column, kind: .values))
            }
            let sample = (try? filtered.select(column).where(column, .notEqual, nil).limit(sampleSize).get()) ?? []
            let values = sample.map { $0[0] }
            guard !values.isEmpty else { continue }
            if values.allSatisfy({ Facet.elements(of: $0) != nil }) {
                suggested.append(Facet(column: column, kind: .array))
            } else if values.allSatisfy(isDateLike) {
                suggested.append(Facet(column: column, kind: .date))
            }
        }
        return suggested.filter { !asked.contains($0) }
    }

    /// Whether `value` is text starting with a date: four digits, `-`, two, `-`, two.
    static func isDateLike(_ value: Value) -> Bool {
        guard case .text(let text) = value else { return false }
        let scalars = Array(text.unicodeScalars.prefix(10))
        guard scalars.count == 10 else { return false }
        return scalars.indices.allSatisfy { index in
            index == 4 || index == 7 ? scalars[index] == "-" : ("0"..."9").contains(scalars[index])
        }
    }
}
