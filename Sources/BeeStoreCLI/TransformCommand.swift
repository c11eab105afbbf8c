import ArgumentParser
import BeeStore

/// `beestore transform DB TABLE --type … --rename … --drop …`: a table's columns changed
/// through the table rebuild.
struct TransformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transform",
        abstract: "Change a table's columns: types, names, order, NOT NULL, defaults; drop columns.",
        discussion: """
            The table is rebuilt as SQLite documents it, in one transaction, keeping its rows, \
            keys, foreign keys, indexes and triggers; a failure (a NULL in a column made NOT \
            NULL, an index on a renamed column) changes nothing. A column name holding = is \
            given in double quotes: --rename '"a=b"=c'. A progress bar is drawn on standard \
            error when it is a terminal.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table to change.")
    var table: String

    @Option(help: ArgumentHelp("A column's new type: integer, real, text, blob or numeric.", valueName: "column=type"))
    var type: [ColumnSetting] = []

    @Option(help: ArgumentHelp("A column's new name.", valueName: "column=name"))
    var rename: [ColumnSetting] = []

    @Option(help: "A column to drop.")
    var drop: [String] = []

    @Option(help: ArgumentHelp("The columns to put first, in order, comma-separated.", valueName: "columns"))
    var order: String?

    @Option(help: "A column to make NOT NULL.")
    var notNull: [String] = []

    @Option(help: "A column to let hold NULL.")
    var nullable: [String] = []

    @Option(name: .customLong("default"), help: ArgumentHelp("A column's new default, read as --arg reads it.", valueName: "column=value"))
    var defaults: [ColumnSetting] = []

    @Option(help: "A column whose default to remove.")
    var removeDefault: [String] = []

    func run() throws {
        var transform = TableTransform()
        for setting in type {
            guard let columnType = ColumnType(argument: setting.value) else {
                throw CommandFailure("unknown type \(setting.value): integer, real, text, blob or numeric", status: CommandFailure.usageStatus)
            }
            transform.columnTypes[setting.column] = columnType
        }
        for setting in rename { transform.renamedColumns[setting.column] = setting.value }
        transform.droppedColumns = drop
        transform.columnOrder = try order.map { try NameList($0, option: "--order").items.map(\.name) } ?? []
        for column in notNull { transform.notNull[column] = true }
        for column in nullable { transform.notNull[column] = false }
        for setting in defaults { transform.defaultValues[setting.column] = try Value(commandLineArgument: setting.value) }
        for column in removeDefault { transform.defaultValues[column] = .null }
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        let bar = ProgressBar(label: "Transforming")
        defer { bar.finish() }
        try inspector.transformTable(table, transform, progress: bar.show)
        bar.finish()
        try Output.write("Transformed \(table).\n")
    }
}
