import CSQLite
import Foundation

/// Swift functions and collations registered with SQLite: each is kept alive by SQLite
/// (released by the destructor SQLite calls when the connection closes or the name is
/// registered again), and called back on the thread that runs the statement.
extension Connection {
    /// Adds `function` to this connection, replacing one of the same name and argument count.
    public func add(_ function: DatabaseFunction) throws {
        let box = Unmanaged.passRetained(FunctionBox(function.kind)).toOpaque()
        let flags = SQLITE_UTF8 | (function.isDeterministic ? SQLITE_DETERMINISTIC : 0)
        let arity = Int32(function.argumentCount ?? -1)
        let code: Int32
        switch function.kind {
        case .scalar:
            code = sqlite3_create_function_v2(handle, function.name, arity, flags, box, callScalar, nil, nil, releaseBox)
        case .aggregate:
            code = sqlite3_create_function_v2(handle, function.name, arity, flags, box, nil, stepAggregate, finishAggregate, releaseBox)
        }
        // SQLite has called the destructor already when registering failed.
        guard code == SQLITE_OK else { throw state.error(code: code, sql: nil) }
    }

    /// Adds `collation` to this connection, replacing one of the same name.
    public func add(_ collation: DatabaseCollation) throws {
        let box = Unmanaged.passRetained(CollationBox(collation.compare)).toOpaque()
        let code = sqlite3_create_collation_v2(handle, collation.name, SQLITE_UTF8, box, compareText, releaseCollation)
        guard code == SQLITE_OK else { throw state.error(code: code, sql: nil) }
    }
}

/// A function's Swift side, owned by SQLite through an `Unmanaged` reference.
private final class FunctionBox {
    let kind: DatabaseFunction.Kind

    init(_ kind: DatabaseFunction.Kind) {
        self.kind = kind
    }
}

/// One group's aggregate, owned by the group's aggregate context until its result is made.
private final class AggregateBox {
    var aggregate: any DatabaseAggregate
    /// The first error a row raised: the group's result is that error.
    var failure: (any Error)?

    init(_ aggregate: any DatabaseAggregate) {
        self.aggregate = aggregate
    }
}

/// A collation's Swift side, owned by SQLite through an `Unmanaged` reference.
private final class CollationBox {
    let compare: @Sendable (String, String) -> ComparisonResult

    init(_ compare: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.compare = compare
    }
}

// Unmanaged: SQLite holds the one retained reference of each box and hands it back to
// every callback; `releaseBox` gives it up when SQLite no longer needs the function.
private func functionBox(_ context: OpaquePointer?) -> FunctionBox {
    Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
}

private let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    guard let pointer else { return }
    Unmanaged<FunctionBox>.fromOpaque(pointer).release()
}

private let releaseCollation: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    guard let pointer else { return }
    Unmanaged<CollationBox>.fromOpaque(pointer).release()
}

private let callScalar: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, values in
    guard case .scalar(let body) = functionBox(context).kind else { return }
    do {
        setResult(try body(arguments(count, values)), of: context)
    } catch {
        setError(error, of: context)
    }
}

private let stepAggregate: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, values in
    guard let box = aggregateBox(context, creating: true), box.failure == nil else { return }
    do {
        try box.aggregate.step(arguments(count, values))
    } catch {
        box.failure = error
    }
}

private let finishAggregate: @convention(c) (OpaquePointer?) -> Void = { context in
    // A group without rows (an aggregate over no row) has no box yet: it gets a new aggregate.
    let owned = aggregateBox(context, creating: false)
    guard case .aggregate(let make) = functionBox(context).kind else { return }
    let box = owned ?? AggregateBox(make())
    defer { if owned != nil { releaseAggregate(context) } }
    if let failure = box.failure { return setError(failure, of: context) }
    do {
        setResult(try box.aggregate.finish()?.databaseValue ?? .null, of: context)
    } catch {
        setError(error, of: context)
    }
}

/// The group's aggregate, kept as a retained reference in SQLite's aggregate context
/// (zeroed by SQLite when first allocated); made on the group's first row when `creating`.
private func aggregateBox(_ context: OpaquePointer?, creating: Bool) -> AggregateBox? {
    let size = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)
    guard let slot = sqlite3_aggregate_context(context, creating ? size : 0)?
        .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    else { return nil }
    if let pointer = slot.pointee { return Unmanaged<AggregateBox>.fromOpaque(pointer).takeUnretainedValue() }
    guard creating, case .aggregate(let make) = functionBox(context).kind else { return nil }
    let box = AggregateBox(make())
    slot.pointee = Unmanaged.passRetained(box).toOpaque()
    return box
}

/// Releases the group's aggregate once its result is made.
private func releaseAggregate(_ context: OpaquePointer?) {
    guard let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
        let pointer = slot.pointee
    else { return }
    Unmanaged<AggregateBox>.fromOpaque(pointer).release()
    slot.pointee = nil
}

private let compareText: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32 = {
    pointer, leftCount, left, rightCount, right in
    guard let pointer else { return 0 }
    let box = Unmanaged<CollationBox>.fromOpaque(pointer).takeUnretainedValue()
    switch box.compare(decodedText(left, leftCount), decodedText(right, rightCount)) {
    case .orderedAscending: return -1
    case .orderedSame: return 0
    case .orderedDescending: return 1
    }
}

private func decodedText(_ start: UnsafeRawPointer?, _ count: Int32) -> String {
    guard let start, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: start, count: Int(count)), as: UTF8.self)
}

/// The arguments of a call, as values.
private func arguments(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) -> [Value] {
    (0..<Int(count)).map { index in Value(functionArgument: values?[index]) }
}

private func setResult(_ value: Value, of context: OpaquePointer?) {
    switch value {
    case .null: sqlite3_result_null(context)
    case .integer(let integer): sqlite3_result_int64(context, integer)
    case .real(let real): sqlite3_result_double(context, real)
    case .text(var text):
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress, characters.count > 0 else {
                    return sqlite3_result_text(context, "", 0, transientDestructor)
                }
                sqlite3_result_text64(context, base, UInt64(characters.count), transientDestructor, UInt8(SQLITE_UTF8))
            }
        }
    case .blob(let data):
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return sqlite3_result_zeroblob(context, 0) }
            sqlite3_result_blob64(context, base, UInt64(buffer.count), transientDestructor)
        }
    }
}

/// Makes the statement fail with the error's description.
private func setError(_ error: any Error, of context: OpaquePointer?) {
    let message = String(describing: error)
    sqlite3_result_error(context, message, Int32(message.utf8.count))
}

extension Value {
    /// The value of an SQL function's argument.
    fileprivate init(functionArgument value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            self = .text(decodedText(sqlite3_value_text(value).map(UnsafeRawPointer.init), Int32(count)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            let start = sqlite3_value_blob(value)
            self = .blob(start.map { Data(bytes: $0, count: count) } ?? Data())
        default: self = .null
        }
    }
}
