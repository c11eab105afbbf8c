import ArgumentParser
import BeeStore
import Foundation

/// The `beestore` command: inspects SQLite databases and migrates them.
///
/// Exit status: 0 on success, 1 on a database error (or problems found by `check`),
/// 2 on a usage error. Errors are written to standard error on one line.
@main
struct BeeStoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beestore",
        abstract: "Inspect and migrate SQLite databases with BeeStore.",
        version: BeeStoreVersion.current,
        subcommands: [
            TablesCommand.self, SchemaCommand.self, RowsCommand.self, QueryCommand.self, StatsCommand.self,
            CheckCommand.self, ExplainCommand.self, MigrateCommand.self, MigrationsCommand.self,
            RollbackCommand.self, InsertCommand.self, UpsertCommand.self, CreateIndexCommand.self, AddColumnCommand.self, TransformCommand.self,
            AddForeignKeyCommand.self, ExtractCommand.self, EnableFullTextCommand.self, DisableFullTextCommand.self,
            SearchCommand.self, IndexesCommand.self,
            TriggersCommand.self, ViewsCommand.self, AnalyzeTablesCommand.self, MemoryCommand.self, VacuumCommand.self, OptimizeCommand.self,
            DumpCommand.self, BackupCommand.self, ServeCommand.self, DemoCommand.self,
        ]
    )

    /// Parses the command line, runs the command, and exits with the status its outcome calls for.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            finish(with: error)
        }
    }

    private static func finish(with error: Error) -> Never {
        if let failure = CommandFailure(error) {
            Output.writeError(failure.message)
            Foundation.exit(failure.status)
        }
        let code = exitCode(for: error)
        if code == .success {
            do {
                try Output.write(fullMessage(for: error) + "\n")
            } catch {
                finish(with: error)
            }
            Foundation.exit(0)
        }
        if code == .validationFailure {
            Output.writeError(message(for: error) + " (see 'beestore help')")
            Foundation.exit(CommandFailure.usageStatus)
        }
        Output.writeError(message(for: error))
        Foundation.exit(CommandFailure.databaseStatus)
    }
}
