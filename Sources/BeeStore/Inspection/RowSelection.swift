import Foundation

/// Which rows of a table ``Inspector/rows(of:matching:)`` returns, and how.
///
/// Column names are checked against the table and quoted, and the `SELECT` is rendered by
/// the query builder; the filter is an SQL expression whose `?` placeholders take
/// ``arguments``, which are bound, never spliced.
///
/// ```swift
/// var selection = RowSelection()
/// selection.columns = ["Title"]
/// selection.filter = "ArtistId = ?"
/// selection.arguments = [1]
/// selection.ordering = [RowOrdering(column: "Title", isDescending: true)]
/// selection.limit = 10
/// ```
public struct RowSelection: Sendable, Hashable {
    /// The columns to return, in order; empty for all of them.
    public var columns: [String] = []

    /// An SQL expression rows must match (the body of a `WHERE` clause), with `?` placeholders.
    public var filter: String?

    /// The values bound to the filter's placeholders.
    public var arguments: [Value] = []

    /// The sort order, most significant column first; empty for the table's own order.
    public var ordering: [RowOrdering] = []

    /// The most rows to return; nil for all of them. A negative limit is a
    /// ``QueryError/negativeLimit(_:)``.
    public var limit: Int?

    /// How many matching rows to skip first; a negative offset is a
    /// ``QueryError/negativeLimit(_:)``.
    public var offset: Int?

    /// A selection of all rows and columns.
    public init() {}
}

/// One sort key of a ``RowSelection``: a column, ascending or descending.
public struct RowOrdering: Sendable, Hashable {
    /// The column to sort by.
    public var column: String

    /// Whether larger values come first.
    public var isDescending: Bool

    /// Creates a sort key.
    public init(column: String, isDescending: Bool = false) {
        self.column = column
        self.isDescending = isDescending
    }

    /// Reads a sort key written as `column`, `column asc` or `column desc` (any case).
    public init(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let words = trimmed.split(separator: " ")
        if words.count > 1, let direction = words.last?.lowercased(), direction == "asc" || direction == "desc" {
            self.init(
                column: String(trimmed.dropLast(direction.count)).trimmingCharacters(in: .whitespaces),
                isDescending: direction == "desc")
        } else {
            self.init(column: trimmed)
        }
    }
}
