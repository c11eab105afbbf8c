/// An error reported by SQLite: its result codes, its message, and the SQL that failed.
///
/// ```swift
/// do {
///     try db.execute("INSERT INTO users (email) VALUES (?)", ["taken@example.com"])
/// } catch let error as DatabaseError where error.resultCode == .constraint {
///     print(error.message)  // UNIQUE constraint failed: users.email
/// }
/// ```
public struct DatabaseError: Error, Sendable, Equatable {
    /// SQLite's primary result code (for example ``ResultCode/constraint``).
    public var resultCode: ResultCode {
        ResultCode(rawValue: extendedResultCode.rawValue & 0xFF)
    }

    /// SQLite's extended result code (for example `SQLITE_CONSTRAINT_UNIQUE`, 2067).
    public let extendedResultCode: ResultCode

    /// SQLite's explanation, or BeeStore's where SQLite gave none.
    public let message: String

    /// The SQL that failed, when the error came from a statement.
    public let sql: String?

    /// Creates an error from a result code, a message and the SQL involved.
    public init(code: ResultCode, message: String, sql: String? = nil) {
        self.extendedResultCode = code
        self.message = message
        self.sql = sql
    }
}

extension DatabaseError: CustomStringConvertible {
    /// One line: the code, the message and the SQL.
    public var description: String {
        var text = "SQLite error \(extendedResultCode.rawValue): \(message)"
        if let sql {
            text += " - while executing `\(sql)`"
        }
        return text
    }
}

/// An SQLite result code, primary or extended.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code as SQLite defines it.
    public let rawValue: Int32

    /// Creates a result code from its numeric value.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended one (the low 8 bits).
    public var primary: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// The code's number.
    public var description: String {
        String(rawValue)
    }

    /// `SQLITE_ERROR`: a generic error, such as an SQL syntax error or a missing table.
    public static let error = ResultCode(rawValue: 1)
    /// `SQLITE_INTERNAL`.
    public static let `internal` = ResultCode(rawValue: 2)
    /// `SQLITE_PERM`: access permission denied.
    public static let permission = ResultCode(rawValue: 3)
    /// `SQLITE_ABORT`: an operation was aborted.
    public static let abort = ResultCode(rawValue: 4)
    /// `SQLITE_BUSY`: the database file is locked by another connection.
    public static let busy = ResultCode(rawValue: 5)
    /// `SQLITE_LOCKED`: a table is locked by the same connection.
    public static let locked = ResultCode(rawValue: 6)
    /// `SQLITE_NOMEM`: out of memory.
    public static let noMemory = ResultCode(rawValue: 7)
    /// `SQLITE_READONLY`: an attempt to write a read-only database.
    public static let readOnly = ResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`: the operation was interrupted.
    public static let interrupt = ResultCode(rawValue: 9)
    /// `SQLITE_IOERR`: a disk I/O error.
    public static let ioError = ResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`: the database disk image is malformed.
    public static let corrupt = ResultCode(rawValue: 11)
    /// `SQLITE_FULL`: the disk is full.
    public static let full = ResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`: the database file cannot be opened.
    public static let cantOpen = ResultCode(rawValue: 14)
    /// `SQLITE_SCHEMA`: the schema changed.
    public static let schema = ResultCode(rawValue: 17)
    /// `SQLITE_TOOBIG`: a string or blob is too large.
    public static let tooBig = ResultCode(rawValue: 18)
    /// `SQLITE_CONSTRAINT`: a constraint was violated.
    public static let constraint = ResultCode(rawValue: 19)
    /// `SQLITE_MISMATCH`: a data type mismatch.
    public static let mismatch = ResultCode(rawValue: 20)
    /// `SQLITE_MISUSE`: the library was used incorrectly.
    public static let misuse = ResultCode(rawValue: 21)
    /// `SQLITE_AUTH`: the statement was refused when prepared (``Configuration/allowsAttach``).
    public static let auth = ResultCode(rawValue: 23)
    /// `SQLITE_RANGE`: a bind parameter index is out of range.
    public static let range = ResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`: the file is not a database.
    public static let notADatabase = ResultCode(rawValue: 26)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public static let foreignKeyConstraint = ResultCode(rawValue: 787)
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let notNullConstraint = ResultCode(rawValue: 1299)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public static let primaryKeyConstraint = ResultCode(rawValue: 1555)
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let uniqueConstraint = ResultCode(rawValue: 2067)
}
