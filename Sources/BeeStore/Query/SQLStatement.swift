/// SQL text and the values bound to its `?` placeholders: what a builder will run.
public struct SQLStatement: Sendable, Hashable, CustomStringConvertible {
    /// The SQL text, with `?` placeholders and quoted identifiers.
    public let sql: String
    /// The values bound to the placeholders, in order.
    public let arguments: [Value]

    /// Creates a statement from SQL text and its arguments.
    public init(sql: String, arguments: [Value] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// The arguments, ready to bind.
    var statementArguments: StatementArguments {
        StatementArguments(values: arguments)
    }

    /// The SQL followed by its arguments.
    public var description: String {
        arguments.isEmpty ? sql : "\(sql) -- \(arguments.map(\.description).joined(separator: ", "))"
    }
}
