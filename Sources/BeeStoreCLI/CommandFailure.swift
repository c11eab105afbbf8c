import BeeStore

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
        case let error as InspectionError:
            self.init(error.description)
        case let error as DatabaseError:
            // The SQL helps with syntax errors and unknown names, SQLite's generic code.
            let sql = error.resultCode == .error ? error.sql.map { " (in: \($0))" } ?? "" : ""
            self.init(error.message + sql)
        case let error as ConversionError:
            self.init(String(describing: error))
        default:
            return nil
        }
    }
}
