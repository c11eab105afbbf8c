import ArgumentParser
import BeeStore

/// `beestore extract DB TABLE COLUMN… [--table LOOKUP] [--fk-column NAME]`: the repeated
/// values of columns moved into a lookup table, as sqlite-utils' `extract` moves them.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Move the values of columns into a lookup table, replacing them by a reference to its rows.",
        discussion: """
            The lookup table (by default named after the columns, joined by _) is created \
            when missing, with an id INTEGER PRIMARY KEY, the columns and a unique index on \
            them, and gets a row per distinct combination of values; the columns are \
            replaced, in the place of the first, by an integer column (--fk-column, by \
            default <lookup table>_id) referencing it. Rows whose columns are all NULL \
            reference nothing. The table is rebuilt in one transaction, keeping its rows, \
            keys, other indexes and triggers; a failure changes nothing. A progress bar is \
            drawn on standard error when it is a terminal.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table whose columns to extract.")
    var table: String

    @Argument(help: "The columns to extract: comma-separated or as separate arguments.")
    var columns: [String]

    @Option(name: .customLong("table"), help: "The lookup table.")
    var lookupTable: String?

    @Option(help: "The name of the column that references the lookup table.")
    var fkColumn: String?

    @Option(help: ArgumentHelp("The name a column takes in the lookup table.", valueName: "column=name"))
    var rename: [ColumnSetting] = []

    func run() throws {
        var extraction = ColumnExtraction(columns: try columns.flatMap { try NameList($0, option: "columns").items.map(\.name) })
        extraction.lookupTable = lookupTable
        extraction.foreignKeyColumn = fkColumn
        for setting in rename { extraction.lookupColumnNames[setting.column] = setting.value }
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        let bar = ProgressBar(label: "Extracting")
        defer { bar.finish() }
        let summary = try inspector.extractColumns(extraction, of: table, progress: bar.show)
        bar.finish()
        let rows = summary.addedLookupRowCount == 1 ? "1 row" : "\(summary.addedLookupRowCount) rows"
        try Output.write(
            "Extracted \(summary.table) into \(summary.lookupTable)\(summary.createdLookupTable ? " (table created)" : "") "
                + "through \(summary.foreignKeyColumn); \(rows) added to \(summary.lookupTable).\n")
    }
}
