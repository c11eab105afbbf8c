import Foundation

/// What is wrong with a directory of SQL migrations.
public enum MigrationFileError: Error, CustomStringConvertible {
    /// The directory or one of its files could not be read.
    case unreadable(URL, cause: any Error)

    /// A file is not valid UTF-8 text.
    case notUTF8(fileName: String)

    /// An `.sql` file's name is not a number, an underscore and a name, such as `0001_create_nodes.sql`.
    case malformedFileName(String)

    /// Several files share one number (`0002_a.sql` and `2_b.sql`).
    case duplicateNumber(Int, fileNames: [String])

    /// A companion file (`.down.sql`, `.postgresql.sql`) has no matching migration file.
    case downWithoutUp(fileName: String)

    /// A migration has both a `-- down` section and a `.down.sql` companion.
    case conflictingDown(fileName: String)

    /// A file has more than one `-- down` line.
    case repeatedDownMarker(fileName: String)

    /// A migration's `up` SQL is empty.
    case emptyMigration(fileName: String)

    /// A sentence naming the file and what was wrong.
    public var description: String {
        switch self {
        case .unreadable(let url, let cause):
            "cannot read \(url.path): \(cause)"
        case .notUTF8(let fileName):
            "\(fileName) is not UTF-8 text"
        case .malformedFileName(let fileName):
            "\(fileName) is not named like 0001_name.sql (a number, an underscore, letters, digits, _ or -)"
        case .duplicateNumber(let number, let fileNames):
            "migration number \(number) is used by several files: \(fileNames.joined(separator: ", "))"
        case .downWithoutUp(let fileName):
            "\(fileName) has no matching migration file"
        case .conflictingDown(let fileName):
            "\(fileName) has both a -- down section and a .down.sql file"
        case .repeatedDownMarker(let fileName):
            "\(fileName) has more than one -- down line"
        case .emptyMigration(let fileName):
            "\(fileName) has no SQL to apply"
        }
    }
}
