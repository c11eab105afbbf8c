import ArgumentParser
import BeeStore
import Foundation

/// `beestore backup SRC DEST`: an online backup of a database, with a progress bar on a terminal.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a database, even one being written, to a new file with SQLite's online backup.",
        discussion: """
            The copy is one consistent state of the source: for a WAL database, the state \
            when the backup began, while other processes keep writing. It is written to a \
            temporary file beside DEST, renamed to DEST once complete. A progress bar is \
            drawn on standard error when it is a terminal.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The file to create.")
    var destination: String

    @Flag(help: "Replace DEST if it exists (it must not be open).")
    var overwrite = false

    @Option(help: "Pages copied per step.")
    var pagesPerStep = Database.defaultBackupPagesPerStep

    func validate() throws {
        guard pagesPerStep > 0 else { throw ValidationError("--pages-per-step must be at least 1") }
    }

    func run() throws {
        let source = try database.openExisting()
        let bar = ProgressBar(label: "Copying")
        defer { bar.finish() }
        func show(_ progress: BackupProgress) {
            bar.show(ProgressReport(completedUnitCount: progress.copiedPageCount, totalUnitCount: progress.totalPageCount))
        }
        // The copy's last step is reported by its result.
        show(try source.backup(toPath: destination, replacingExisting: overwrite, pagesPerStep: pagesPerStep, progress: show))
    }
}
