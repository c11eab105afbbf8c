import ArgumentParser
import BeeStore

/// The values bound to a statement's `?` placeholders, in order.
struct ArgumentOptions: ParsableArguments {
    @Option(
        name: .customLong("arg"),
        // A value may start with a dash (`--arg -5`): the word after --arg is always its value.
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A value for the next ? placeholder (repeatable), bound as the type it reads as.",
            discussion: """
                42 binds an integer and 2.5 or 1e-3 a real; null binds NULL; text:VALUE binds \
                VALUE as text (text:42, text:null); blob:00FF binds the bytes of hexadecimal \
                digits; anything else binds text.
                """))
    var values: [String] = []

    /// The values as positional statement arguments, or a usage error naming a bad one.
    func statementArguments() throws -> StatementArguments {
        do {
            return StatementArguments(values: try values.map(Value.init(commandLineArgument:)))
        } catch let error as InspectionError {
            throw CommandFailure(error.description, status: CommandFailure.usageStatus)
        }
    }
}
