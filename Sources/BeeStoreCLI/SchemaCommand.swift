import ArgumentParser
import BeeStore

/// `beestore schema DB [TABLE]`: one table's columns, indexes, foreign keys and
/// triggers, or the whole schema as SQL.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Show a table's columns, indexes, foreign keys and triggers, or the whole schema as SQL.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The table or view to describe; the whole schema (as SQL, or every table in JSON) when omitted.")
    var table: String?

    @OptionGroup var output: DocumentOptions

    func run() throws {
        let inspector = try database.inspector()
        if let table {
            try output.write(try inspector.schema(ofTable: table))
        } else if output.format == .json {
            try Output.write(try JSONDocument.text(of: try inspector.schemas()))
        } else {
            try Output.write(try inspector.schemaSQL())
        }
    }
}
