import BeeStore

/// One condition of a table page: a column, an operator and the value typed for it.
struct TableFilter: Sendable, Hashable {
    let column: String
    let op: FilterOperator
    let value: String

    /// The query item that carries the filter in a URL: `column__op=value`.
    var queryItem: (String, String) {
        (column + "__" + op.rawValue, op.takesNoValue ? "1" : value)
    }

    /// The filter a query item names, when its name ends in `__` and an operator.
    init?(name: String, value: String) {
        let scalars = Array(name.unicodeScalars)
        guard let separator = Self.lastSeparator(in: scalars) else { return nil }
        let column = String(String.UnicodeScalarView(scalars[..<separator]))
        let suffix = String(String.UnicodeScalarView(scalars[(separator + 2)...]))
        guard !column.isEmpty, let op = FilterOperator(rawValue: suffix) else { return nil }
        self.init(column: column, op: op, value: value)
    }

    init(column: String, op: FilterOperator, value: String) {
        self.column = column
        self.op = op
        self.value = value
    }

    private static func lastSeparator(in scalars: [Unicode.Scalar]) -> Int? {
        guard scalars.count >= 3 else { return nil }
        return stride(from: scalars.count - 2, through: 1, by: -1).first { scalars[$0] == "_" && scalars[$0 + 1] == "_" }
    }

    /// The filter selecting exactly the rows whose `column` holds `value`, of its type:
    /// the plain `exact` filter when the value's text reads back as the value, the
    /// ``FilterOperator/typed`` one otherwise (the text `42` in a column that also holds
    /// the integer 42, a blob).
    static func selecting(_ value: Value, in column: String) -> TableFilter {
        if value == .null { return TableFilter(column: column, op: .isnull, value: "1") }
        let text = CellFormat.text(value)
        if TypedText.value(of: text) == value { return TableFilter(column: column, op: .exact, value: text) }
        return TableFilter(column: column, op: .typed, value: ValueToken.encode(value))
    }

    /// A description for the list of active filters: `Composer contains AC/DC`.
    var summary: String {
        switch op {
        case .isnull, .notnull: "\(column) \(op.label)"
        case .typed: "\(column) \(op.label) \(SwiftLiteral.value(FilterOperator.typedValue(value)))"
        default: "\(column) \(op.label) \(value)"
        }
    }
}
