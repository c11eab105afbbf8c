/// Positional statement arguments from database values. (`StatementArguments`' unlabelled
/// initialisers are ambiguous for an array that is not a literal.)
func boundValues(_ values: [Value]) -> StatementArguments {
    var arguments: StatementArguments = []
    arguments.values = values
    return arguments
}
