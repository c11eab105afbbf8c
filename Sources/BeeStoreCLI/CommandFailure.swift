import BeeStore
import Foundation

/// A failure reported to the user on one line of standard error, with its exit status.
struct CommandFailure: Error {
    /// The status of a database error, or of problems found by a check.
    static let databaseStatus: Int32 = 1
    /// The status of a usage error.
    static let usageStatus: Int32 = 2

    let message: String
    let status: Int32

    init(_ message: String, status: Int32 = databaseStatus) {
        self.message = message
        self.status = status
    }

    /// The failure an error thrown by a command stands for; nil for the argument parser's own errors.
    init?(_ error: Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case InspectionError.writeNotAllowed:
            self.init("the statement would change the database: pass --write to run it", status: Self.usageStatus)
        case InspectionError.severalStatements:
            self.init("the SQL holds several statements: pass --write to run them in order", status: Self.usageStatus)
        case let error as InspectionError:
            self.init(error.description)
        case let error as DatabaseError:
            // The SQL helps with syntax errors and unknown names, SQLite's generic code.
            let sql = error.resultCode == .error ? error.sql.map { " (in: \($0))" } ?? "" : ""
            self.init(error.message + sql)
        case ImportError.noKey(let table):
            self.init("\(table) has no primary key to match existing rows by: pass --pk COLUMNS", status: Self.usageStatus)
        case ImportError.invalidUTF8(let line, let column):
            self.init(
                "line \(line): the text of column \(column) is not valid UTF-8: pass --invalid-utf8 blob to keep its bytes as a blob")
        case let error as ImportError:
            self.init(error.description)
        case BackupError.destinationExists(let path):
            self.init("\(path) exists: pass --overwrite to replace it")
        case let error as BackupError:
            self.init(error.description)
        case let error as TableTransformError:
            self.init(error.description)
        case let error as ForeignKeyCheckError:
            self.init(error.description)
        case let error as TableRebuildError:
            self.init(error.description)
        case let error as StatementTimeLimitExceeded:
            self.init("a statement ran past the time limit of \(error.timeLimitInterval) seconds: \(error.sql)")
        case let error as ConversionError:
            self.init(String(describing: error))
        case let error as MigrationError:
            self.init(Self.message(for: error))
        case MigrationFileError.unreadable(let url, _):
            self.init("cannot read \(url.path)")
        case let error as MigrationFileError:
            self.init(error.description)
        case let error as CocoaError where Self.isWriteError(error):
            self.init("cannot write the output: \(Self.reason(for: error))")
        default:
            return nil
        }
    }

    /// Whether `error` is the failure of a file write (standard output's, for a command).
    private static func isWriteError(_ error: CocoaError) -> Bool {
        (CocoaError.Code.fileWriteUnknown.rawValue...CocoaError.Code.fileWriteVolumeReadOnly.rawValue)
            .contains(error.code.rawValue)
    }

    /// The system's words for a file error (its `errno`'s), else Foundation's.
    static func reason(for error: any Error) -> String {
        let error = error as NSError
        let posix = error.domain == NSPOSIXErrorDomain ? error : error.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return error.localizedDescription
    }

    /// A migration error's sentence, with the cause of a failed migration in the same
    /// words as any other error and the way past a changed checksum.
    private static func message(for error: MigrationError) -> String {
        switch error {
        case .failed(let identifier, let direction, let cause):
            let reason = CommandFailure(cause)?.message ?? String(describing: cause)
            return "migration \(identifier) failed while \(direction == .up ? "applying" : "rolling back"): \(reason)"
        case .checksumMismatch(let identifier, _, _):
            return "migration \(identifier) changed after it was applied: pass --accept-changed-checksums to record its new checksum"
        default:
            return error.description
        }
    }
}
