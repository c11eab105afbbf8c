import ArgumentParser
import BeeStore

/// How a report (a schema, statistics, a check, a query plan) is written.
enum DocumentFormat: String, CaseIterable, ExpressibleByArgument {
    /// For reading: aligned tables and sentences.
    case text
    /// An indented JSON document, keys in snake case.
    case json
}

/// The output format of the commands that print a report rather than rows.
struct DocumentOptions: ParsableArguments {
    @Option(help: "The output format: text or json.")
    var format: DocumentFormat = .text

    /// Writes `report` in the chosen format.
    func write(_ report: some Encodable & CustomStringConvertible) throws {
        try Output.write(format == .json ? try JSONDocument.text(of: report) : String(describing: report))
    }
}
