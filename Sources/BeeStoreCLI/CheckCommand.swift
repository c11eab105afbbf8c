import ArgumentParser
import BeeStore
import Foundation

/// `beestore check DB`: the integrity and foreign key checks; exits with status 1 when
/// they find problems.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run the integrity and foreign key checks (exit status 1 when they find problems).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: DocumentOptions

    func run() throws {
        // SQLite verifies CHECK constraints only on a writable connection; the checks do not write.
        let writable = FileManager.default.isWritableFile(atPath: database.database)
        let report = try database.inspector(allowingWrites: writable).checkIntegrity()
        try output.write(report)
        guard report.isHealthy else {
            let count = report.findingCount
            throw CommandFailure("the checks found \(count) \(count == 1 ? "problem" : "problems")")
        }
    }
}
