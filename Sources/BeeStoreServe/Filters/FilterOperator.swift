/// How a table page's filter compares a column with the value typed for it, named in
/// URLs as Datasette names them (`Composer__contains=AC`): every operator of Datasette's.
enum FilterOperator: String, CaseIterable, Sendable {
    case exact, not, contains, startswith, endswith, gt, gte, lt, lte
    /// SQLite's `LIKE`, the value a pattern of `%` and `_`; and its negation.
    case like, notlike
    /// SQLite's `GLOB`, the value a case-sensitive pattern of `*`, `?` and `[…]`.
    case glob
    /// One of a list: comma-separated (`1,2,3`) or a JSON array (`["a,b","c"]`); and its negation.
    case `in`, notin
    /// A column holding a JSON array that holds the value, or does not.
    case arraycontains, arraynotcontains
    /// A column whose `date()` (`YYYY-MM-DD`) is the value.
    case date
    case isnull, notnull
    /// NULL or the empty text; and its negation.
    case isblank, notblank
    /// Equal to a value of one type, written as a ``ValueToken`` (`t42` is the text `42`,
    /// `i42` the integer): the links of facets whose values a typed text cannot tell apart.
    case typed

    /// The operators the filter form offers.
    static let offered = allCases.filter { $0 != .typed }

    /// The operator's label in the filter form.
    var label: String {
        switch self {
        case .exact: "="
        case .not: "≠"
        case .contains: "contains"
        case .startswith: "starts with"
        case .endswith: "ends with"
        case .gt: ">"
        case .gte: "≥"
        case .lt: "<"
        case .lte: "≤"
        case .like: "like"
        case .notlike: "not like"
        case .glob: "glob"
        case .in: "in"
        case .notin: "not in"
        case .arraycontains: "array contains"
        case .arraynotcontains: "array does not contain"
        case .date: "date is"
        case .isnull: "is null"
        case .notnull: "is not null"
        case .isblank: "is blank"
        case .notblank: "is not blank"
        case .typed: "is exactly"
        }
    }

    /// Whether the operator ignores the value typed for it.
    var takesNoValue: Bool {
        [.isnull, .notnull, .isblank, .notblank].contains(self)
    }
}
