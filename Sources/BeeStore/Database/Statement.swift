import CSQLite
import Foundation

/// A prepared SQL statement of a ``Connection``.
///
/// Statements come from ``Connection/cachedStatement(_:)`` (reused for the same SQL
/// text) or ``Connection/makeStatement(_:)``. They belong to their connection: use
/// them only inside the `read`/`write` closure that gave you the connection.
public final class Statement {
    /// The SQL text the statement was compiled from.
    public let sql: String

    let handle: OpaquePointer
    let state: ConnectionState

    /// Whether the statement is being executed (a cached statement in use is not handed out again).
    // Only the thread using the connection touches it.
    @exclusivity(unchecked) var isBusy = false

    /// The number of columns the statement returns.
    public let columnCount: Int

    /// The result column names, computed once.
    public var columnNames: [String] { columns.names }

    private(set) lazy var columns = ColumnNames(
        (0..<Int32(columnCount)).map { String(cString: sqlite3_column_name(handle, $0)) }
    )

    init(sql: String, handle: OpaquePointer, state: ConnectionState) {
        self.sql = sql
        self.handle = handle
        self.state = state
        self.columnCount = Int(sqlite3_column_count(handle))
        self.isReadOnly = sqlite3_stmt_readonly(handle) != 0
        self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
        self.isExplain = sqlite3_stmt_isexplain(handle) != 0
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Whether the statement is a `PRAGMA`: pragmas that only query (such as
    /// `PRAGMA journal_mode`) are allowed in reads, although SQLite does not call them read-only.
    private(set) lazy var isPragma = sql.drop(while: \.isWhitespace).prefix(6).uppercased() == "PRAGMA"

    /// Whether the statement is an `EXPLAIN` or `EXPLAIN QUERY PLAN`, which describes a
    /// statement without running it: allowed in reads whatever the explained statement does.
    public let isExplain: Bool

    /// Whether the statement leaves the database unchanged.
    public let isReadOnly: Bool

    /// The number of parameters the statement takes.
    public let parameterCount: Int

    /// The names of the statement's named parameters, prefix included (`:name`), in order;
    /// positional parameters (`?`, `?2`) are left out.
    var parameterNames: [String] {
        (0..<Int32(parameterCount)).compactMap { index in
            sqlite3_bind_parameter_name(handle, index + 1).map { String(cString: $0) }
        }.filter { !$0.hasPrefix("?") }
    }

    /// Runs the statement to completion, discarding any rows.
    public func execute(_ arguments: StatementArguments = []) throws {
        try run(arguments) {
            while try step() {}
        }
    }

    /// Runs the statement and returns all its rows.
    public func fetchAll(_ arguments: StatementArguments = []) throws -> [Row] {
        try run(arguments) {
            var rows: [Row] = []
            while try step() {
                rows.append(currentRow())
            }
            return rows
        }
    }

    /// Runs the statement and returns its first row, if any.
    public func fetchOne(_ arguments: StatementArguments = []) throws -> Row? {
        try run(arguments) {
            try step() ? currentRow() : nil
        }
    }

    /// Runs the statement, calling `body` for each row as it is stepped, without
    /// keeping the rows in memory. Throwing from `body` stops the iteration.
    public func forEachRow(_ arguments: StatementArguments = [], _ body: (Row) throws -> Void) throws {
        try run(arguments) {
            while try step() {
                try body(currentRow())
            }
        }
    }

    /// Binds `arguments`, runs `body` (which steps the statement), and resets the
    /// statement whatever happens, so it can be reused.
    func run<T>(_ arguments: StatementArguments, _ body: () throws -> T) throws -> T {
        try runBound(binding: { try bind(arguments) }, body)
    }

    /// Runs `binding`, then `body` (which steps the statement), then resets the statement
    /// whatever happens. Bindings made before the call are kept; an execution counts once
    /// the binding succeeded.
    func runBound<T>(binding: () throws -> Void = {}, _ body: () throws -> T) throws -> T {
        if state.isReadOnlyAccess && !isReadOnly && !isPragma && !isExplain {
            throw DatabaseError(
                code: .readOnly, message: "a read access cannot run a statement that writes", sql: sql)
        }
        isBusy = true
        defer {
            sqlite3_reset(handle)
            isBusy = false
        }
        try binding()
        state.counts.recordExecution()
        state.timeLimit?.start()
        return try body()
    }

    /// Runs the statement to completion with the values bound beforehand (see ``bind(_:at:)``).
    func executeBound() throws {
        try runBound {
            while try step() {}
        }
    }

    /// Sets every parameter to `NULL`.
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// Advances to the next row; false when the statement is done.
    ///
    /// Inlined where rows are read one after the other: without a time limit, a row costs
    /// a check and SQLite's own call.
    @inline(__always)
    func step() throws -> Bool {
        guard state.timeLimit == nil else { return try timedStep() }
        let code = sqlite3_step(handle)
        return code == SQLITE_ROW ? true : try ended(code)
    }

    /// ``step()`` under the connection's time limit, whose clock runs while SQLite steps.
    @inline(never)
    private func timedStep() throws -> Bool {
        state.timeLimit?.resume()
        defer { state.timeLimit?.pause() }
        let code = sqlite3_step(handle)
        return code == SQLITE_ROW ? true : try ended(code)
    }

    /// What a step that returned `code` and no row means: false when the statement is
    /// done, the error otherwise.
    @inline(never)
    private func ended(_ code: Int32) throws -> Bool {
        guard code == SQLITE_DONE else { throw state.stepError(code: code, sql: sql) }
        return false
    }

    /// The current row, copied out of the statement.
    func currentRow() -> Row {
        var values: [Value] = []
        values.reserveCapacity(columnCount)
        for index in 0..<Int32(columnCount) {
            values.append(value(at: index))
        }
        return Row(columns: columns, values: values)
    }

    /// The value of a column of the current row.
    func value(at index: Int32) -> Value {
        Self.value(of: handle, at: index)
    }

    /// The value of a column of the current row of the statement `handle`, copied out.
    static func value(of handle: OpaquePointer, at index: Int32) -> Value {
        switch RowCursor.value(of: handle, at: index) {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .text(let bytes): .text(String(decoding: bytes, as: UTF8.self))
        case .blob(let bytes): .blob(Data(bytes))
        }
    }

    private func bind(_ arguments: StatementArguments) throws {
        let expected = parameterCount
        if arguments.namedValues.isEmpty {
            guard arguments.values.count == expected else {
                throw DatabaseError(
                    code: .range,
                    message: "wrong number of arguments: the statement takes \(expected), \(arguments.values.count) given",
                    sql: sql)
            }
            for (offset, value) in arguments.values.enumerated() {
                try bind(value, at: Int32(offset + 1))
            }
            return
        }
        var unused = Set(arguments.namedValues.keys)
        for index in stride(from: 1, through: expected, by: 1) {
            guard let cName = sqlite3_bind_parameter_name(handle, Int32(index)) else {
                throw DatabaseError(
                    code: .range, message: "positional parameter \(index) cannot take a named argument", sql: sql)
            }
            let name = String(cString: cName)
            let key = StatementArguments.bareName(name)
            guard let value = arguments.namedValues[key] else {
                throw DatabaseError(code: .range, message: "missing argument for parameter \(name)", sql: sql)
            }
            unused.remove(key)
            try bind(value, at: Int32(index))
        }
        if let extra = unused.sorted().first {
            throw DatabaseError(code: .range, message: "no parameter named \(extra) in the statement", sql: sql)
        }
    }

    /// Binds an integer to the parameter at `index` (1-based), or throws SQLite's error.
    /// Inlined: records bind their integer columns one by one through it.
    @inline(__always)
    func bind(_ integer: Int64, at index: Int32) throws {
        try checkBinding(sqlite3_bind_int64(handle, index, integer))
    }

    /// Binds `value` to the parameter at `index` (1-based), or throws SQLite's error.
    func bind(_ value: Value, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(let text):
            code = DirectParameter(handle, index).bindText(text)
        case .blob(let data):
            code = data.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, buffer.count > 0 else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), transientDestructor)
            }
        }
        try checkBinding(code)
    }

    /// Throws SQLite's error for a bind call that did not return `SQLITE_OK`.
    @inline(__always)
    private func checkBinding(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw bindingError(code) }
    }

    /// The error of a failed bind call, made out of line.
    @inline(never)
    private func bindingError(_ code: Int32) -> DatabaseError {
        state.error(code: code, sql: sql)
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the call returns.
var transientDestructor: sqlite3_destructor_type {
    unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
