import ArgumentParser
import BeeStore

/// `beestore schema DB [TABLE]`: one table's columns, indexes, foreign keys and
/// triggers, or the whole schema as SQL.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Show a table's columns, indexes, foreign keys and triggers, or the whole schema as SQL.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table or view to describe; the whole schema as SQL when omitted.")
    var table: String?

    func run() throws {
        let inspector = try database.inspector()
        if let table {
            Output.write(String(describing: try inspector.schema(ofTable: table)))
        } else {
            Output.write(try inspector.schemaSQL())
        }
    }
}
