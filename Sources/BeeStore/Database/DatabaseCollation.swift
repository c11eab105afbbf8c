import Foundation

/// A text ordering written in Swift, usable by name in SQL (`ORDER BY name COLLATE
/// localized`, a column's `COLLATE`). Add it to a connection with
/// `add(_:)` of ``Connection``, usually from
/// ``Configuration/prepareConnection``.
///
/// ```swift
/// let byLength = DatabaseCollation("by_length") { left, right in
///     left.count == right.count ? .orderedSame : left.count < right.count ? .orderedAscending : .orderedDescending
/// }
/// ```
public struct DatabaseCollation: Sendable {
    /// The collation's name in SQL.
    public let name: String

    let compare: @Sendable (String, String) -> ComparisonResult

    /// A collation named `name` that orders text as `compare` does. `compare` must be a
    /// total order (consistent, transitive), as indexes rely on it.
    public init(_ name: String, _ compare: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.name = name
        self.compare = compare
    }

    /// `localized`: text in the order of the current locale's language, as people read
    /// it (accents after their letter, case after case-insensitive order, digits by value:
    /// `"file2"` before `"file10"`), through Foundation's `compare(_:options:range:locale:)`.
    public static let localized = DatabaseCollation("localized") { left, right in
        left.compare(right, options: [.numeric], range: nil, locale: .current)
    }

    /// `localized_nocase`: ``localized``, ignoring case.
    public static let localizedCaseInsensitive = DatabaseCollation("localized_nocase") { left, right in
        left.compare(right, options: [.numeric, .caseInsensitive], range: nil, locale: .current)
    }
}
