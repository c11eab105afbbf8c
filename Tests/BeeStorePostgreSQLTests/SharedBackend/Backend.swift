#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Testing

/// The databases the shared backend suite runs on: each of its tests takes one as its
/// argument and makes the same assertions on both.
enum Backend: CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgresql: "PostgreSQL"
        }
    }

    /// `sql`, written with `?` placeholders, in the backend's placeholders: as written on
    /// SQLite, numbered `$1`, `$2`, … in order on PostgreSQL. The suite's SQL uses `?` only
    /// as a placeholder, never inside a literal or a name.
    func placeholders(_ sql: String) -> String {
        guard self == .postgresql else { return sql }
        var rendered = String.UnicodeScalarView()
        var number = 0
        for scalar in sql.unicodeScalars {
            guard scalar == "?" else {
                rendered.append(scalar)
                continue
            }
            number += 1
            rendered.append(contentsOf: "$\(number)".unicodeScalars)
        }
        return String(rendered)
    }

    /// The result code a failed statement's error reports, nil for an error that is not
    /// the database's. SQLite's ``DatabaseError`` reports the exact code in
    /// `extendedResultCode` (its `resultCode` is the primary code, `.constraint` for every
    /// constraint); `PostgreSQLError.resultCode` is the nearest of those exact codes.
    static func resultCode(of error: any Error) -> ResultCode? {
        switch error {
        case let error as DatabaseError: error.extendedResultCode
        case let error as PostgreSQLError: error.resultCode
        default: nil
        }
    }
}
#endif
