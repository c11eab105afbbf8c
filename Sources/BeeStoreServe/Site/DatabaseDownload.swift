import BeeStore
import Foundation

/// The database file itself, for download when the server was started with
/// `--allow-download`: a consistent copy made with SQLite's backup API (so that a commit
/// during the download never mixes two states), streamed from a temporary file that is
/// removed once sent.
enum DatabaseDownload {
    static func respond(context: BrowseContext) throws -> PageResponse {
        guard context.allowsDownload else {
            throw PageError.forbidden("downloading the database is off: start beestore serve with --allow-download")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beestore-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let file: FileHandle
        do {
            try context.exporting.backup(toPath: copy)
            file = try FileHandle(forReadingFrom: URL(fileURLWithPath: copy))
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let channel = ChunkChannel()
        Thread {
            defer {
                try? file.close()
                try? FileManager.default.removeItem(at: directory)
            }
            do {
                while let chunk = try file.read(upToCount: 1 << 16), !chunk.isEmpty {
                    try chunk.withUnsafeBytes { try channel.write($0) }
                }
                channel.finish()
            } catch {
                channel.abort(because: error)
            }
        }.start()
        return PageResponse(
            status: 200, contentType: "application/vnd.sqlite3", body: .stream(channel.body),
            headers: [("Content-Disposition", "attachment; filename*=UTF-8''\(PageURL.encode(context.displayName))")])
    }
}
