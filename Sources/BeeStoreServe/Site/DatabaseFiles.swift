import Foundation

/// The SQLite files a server serves, from the paths given on its command line: a file
/// is served as it is, a directory for each SQLite file directly inside it, told by the
/// first 16 bytes of its header (`SQLite format 3` and a zero byte), whatever its name
/// ends with. Each gets a URL name: its file name without the extension, made unique
/// with `-2`, `-3`… when two files share one.
package enum DatabaseFiles {
    /// A file to serve and the name of its pages' URLs.
    package struct File: Sendable, Equatable {
        /// The file's path.
        package let path: String
        /// The name of the database in its pages' URLs.
        package let urlName: String
    }

    /// A path given that cannot be served.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// Nothing is at the path.
        case missing(String)
        /// The file is not an SQLite database (its header says otherwise).
        case notDatabase(String)
        /// The directory holds no SQLite database.
        case noDatabase(inDirectory: String)

        package var description: String {
            switch self {
            case .missing(let path): "no such file or directory: \(path)"
            case .notDatabase(let path): "not an SQLite database: \(path)"
            case .noDatabase(let directory): "no SQLite database in the directory \(directory)"
            }
        }
    }

    /// The files to serve for `paths`, in order (a directory's in the order of their names).
    package static func files(for paths: [String]) throws(Failure) -> [File] {
        var found: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let databases = names.sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0).path }.filter { entry in
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: entry, isDirectory: &isFolder) && !isFolder.boolValue
                        && hasSQLiteHeader(entry)
                }
                guard !databases.isEmpty else { throw .noDatabase(inDirectory: path) }
                found += databases
            } else {
                guard hasSQLiteHeader(path) || isEmptyFile(path) else { throw .notDatabase(path) }
                found.append(path)
            }
        }
        var taken: Set<String> = []
        return found.map { path in
            let stem = urlStem(of: URL(fileURLWithPath: path).lastPathComponent)
            var name = stem
            var number = 2
            while taken.contains(name) {
                name = "\(stem)-\(number)"
                number += 1
            }
            taken.insert(name)
            return File(path: path, urlName: name)
        }
    }

    /// SQLite's header string, the first 16 bytes of every database file.
    private static let header = Array("SQLite format 3\u{0}".utf8)

    /// Whether the file at `path` starts with SQLite's header.
    static func hasSQLiteHeader(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        return (try? file.read(upToCount: header.count)).map { Array($0) == header } ?? false
    }

    /// Whether the file at `path` is empty: SQLite opens it as an empty database.
    private static func isEmptyFile(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue == 0
    }

    /// A file name without its extension, or whole when nothing is left without it.
    private static func urlStem(of fileName: String) -> String {
        let scalars = fileName.unicodeScalars
        guard let dot = scalars.lastIndex(of: "."), dot != scalars.startIndex else { return fileName }
        return String(scalars[..<dot])
    }
}
