import ArgumentParser
import BeeStore

extension ColumnType: ExpressibleByArgument {
    /// `integer`, `real` (or `float`), `text`, `blob`, `numeric`, in either case.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "float": self = .real
        default: self.init(rawValue: argument.uppercased())
        }
    }
}

/// `beestore add-column DB TABLE COLUMN [TYPE]`: a new column, with a default for the rows
/// there are.
struct AddColumnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-column", abstract: "Add a column to a table.",
        discussion: """
            --default reads its value as --arg does (42, 2.5, null, text:…, blob:…); \
            --not-null needs a default for the rows the table has.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table to add the column to.")
    var table: String

    @Argument(help: "The new column's name.")
    var column: String

    @Argument(help: "Its type: integer, real, text, blob or numeric.")
    var type: ColumnType = .text

    @Option(name: .customLong("default"), help: "The value of the column in the rows the table has, and its default.")
    var defaultValue: String?

    @Flag(help: "Refuse NULL in the column (needs --default).")
    var notNull = false

    func run() throws {
        let value = try defaultValue.map(Value.init(commandLineArgument:))
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        try inspector.addColumn(column, type: type, to: table, notNull: notNull, defaultValue: value)
        try Output.write("Added the column \(column) to \(table).\n")
    }
}
