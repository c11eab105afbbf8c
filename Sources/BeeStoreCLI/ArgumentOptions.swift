import ArgumentParser
import BeeStore

/// The values bound to a statement's `?` placeholders, in order.
struct ArgumentOptions: ParsableArguments {
    @Option(name: .customLong("arg"), help: "A value for the next ? placeholder, bound as text (repeatable).")
    var values: [String] = []

    /// The values as positional statement arguments.
    var statementArguments: StatementArguments {
        StatementArguments(values)
    }
}
