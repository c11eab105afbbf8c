import ArgumentParser
import BeeStore

extension ForeignKeyAction: ExpressibleByArgument {
    /// `cascade`, `set-null`, `restrict`, `no-action`, in either case.
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased().replacingOccurrences(of: "-", with: " "))
    }
}

/// `beestore add-foreign-key DB TABLE COLUMNS OTHER [OTHER_COLUMNS]`: a foreign key added
/// through the table rebuild.
struct AddForeignKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-foreign-key",
        abstract: "Add a foreign key to a table, rebuilding it; rows that reference nothing make it fail.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table to add the key to.")
    var table: String

    @Argument(help: "Its referencing columns, comma-separated.")
    var columns: String

    @Argument(help: "The referenced table.")
    var referencedTable: String

    @Argument(help: "The referenced columns, comma-separated (by default, its primary key).")
    var referencedColumns: String?

    @Option(help: "What a row does when the row it references is deleted: cascade, set-null, restrict or no-action.")
    var onDelete: ForeignKeyAction?

    func run() throws {
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        try inspector.addForeignKey(
            from: table, columns: try NameList(columns, option: "columns").items.map(\.name), to: referencedTable,
            columns: try referencedColumns.map { try NameList($0, option: "referenced columns").items.map(\.name) } ?? [],
            onDelete: onDelete)
        try Output.write("Added the foreign key to \(referencedTable) to \(table).\n")
    }
}
