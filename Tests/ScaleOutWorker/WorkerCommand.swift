import Foundation
#if PostgreSQL
import ScaleOutShop
#endif

/// The scale-out test's app server: `ScaleOutWorker DATABASE_URL INDEX COUNT` runs server
/// number INDEX (from 0) of COUNT on the PostgreSQL database at DATABASE_URL, prints a
/// one-line JSON summary and exits 0; a failure is printed to standard error, exit 1.
/// Wrong arguments, or a build without the `PostgreSQL` trait, exit 2.
@main
struct WorkerCommand {
    static func main() {
        #if PostgreSQL
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 3, let worker = Int(arguments[1]), let count = Int(arguments[2]),
            worker >= 0, worker < count
        else { fail(AppServerRun.usage, status: 2) }
        do {
            let summary = try AppServerRun(url: arguments[0], worker: worker, workerCount: count).run()
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            exit(0)
        } catch {
            fail("\(error)", status: 1)
        }
        #else
        fail("built without the PostgreSQL trait, so there is no server to run on", status: 2)
        #endif
    }

    /// Writes `message` to standard error and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("ScaleOutWorker: \(message)\n".utf8))
        exit(status)
    }
}
