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

    /// A description for the list of active filters: `Composer contains AC/DC`.
    var summary: String {
        op.takesNoValue ? "\(column) \(op.label)" : "\(column) \(op.label) \(value)"
    }
}
