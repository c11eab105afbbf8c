import Foundation
import Testing
import TestProcessSupport

@testable import BeeStore

@Suite("beestore backup")
struct CLIBackupTests {
    private func makeSource(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("source.sqlite")
        let db = try Database(path: path)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)")
        try db.write { connection in
            for _ in 0..<300 { try connection.execute("INSERT INTO t (payload) VALUES (randomblob(1000))") }
        }
        db.close()
        return path
    }

    @Test func aBackupIsSilentWhenPipedAndRefusesAnExistingDestinationUnlessOverwriting() throws {
        let directory = try TemporaryDirectory()
        let source = try makeSource(directory)
        let destination = directory.path("copy.sqlite")
        let result = try beestore("backup", source, destination, "--pages-per-step", "7")
        #expect(result.status == 0 && result.output.isEmpty && result.error.isEmpty)
        let copy = try Database(path: destination)
        #expect(try copy.fetchValue(String.self, "PRAGMA integrity_check") == "ok")
        #expect(try copy.fetchValue(Int.self, "SELECT count(*) FROM t") == 300)
        copy.close()
        expectFailure(
            try beestore("backup", source, destination), status: 1,
            message: "\(destination) exists: pass --overwrite to replace it")
        #expect(try beestore("backup", source, destination, "--overwrite").status == 0)
        expectFailure(
            try beestore("backup", directory.path("missing.sqlite"), destination), status: 1,
            message: "no such file: \(directory.path("missing.sqlite"))")
        expectFailure(
            try beestore("backup", source, destination, "--pages-per-step", "0"), status: 2,
            message: "--pages-per-step must be at least 1 (see 'beestore help')")
    }

    #if os(Linux)
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aBackupDrawsAProgressBarOnATerminal() throws {
        let directory = try TemporaryDirectory()
        let source = try makeSource(directory)
        let command = [try productURL("beestore").path, "backup", source, directory.path("copy.sqlite"), "--pages-per-step", "10"]
            .map { "'\($0)'" }.joined(separator: " ")
        // `script` runs the command on a pseudo-terminal and copies what it shows.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let output = try ProcessLaunch.start {
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            return output
        }
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(ProcessLaunch.waitForExit(process) == 0)
        #expect(shown.components(separatedBy: "\rCopying [").count > 5, "the bar is redrawn as the copy goes")
        #expect(shown.contains("Copying [##############################] 100%"))
    }
    #endif
}
