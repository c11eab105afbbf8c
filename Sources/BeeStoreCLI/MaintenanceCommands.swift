import ArgumentParser
import BeeStore

/// `beestore vacuum DB`: the file rebuilt without its free pages.
struct VacuumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vacuum", abstract: "Rebuild the database file without its free pages.")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        let summary = try inspector.vacuum()
        try Output.write("Vacuumed: \(summary.byteCountBefore) bytes before, \(summary.byteCountAfter) bytes after.\n")
    }
}

/// `beestore optimize DB`: statistics for the query planner.
struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize", abstract: "Gather the statistics SQLite's query planner uses to choose indexes (ANALYZE).")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let inspector = try database.inspector(allowingWrites: true)
        defer { inspector.database.close() }
        try inspector.optimize()
        try Output.write("Gathered the query planner's statistics.\n")
    }
}
