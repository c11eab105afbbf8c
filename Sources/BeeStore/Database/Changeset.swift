import CSQLite
import Foundation

/// What a block of writes changed, as SQLite's session extension records it: for each row
/// inserted, updated or deleted in the recorded tables, its primary key and its values
/// before and after. Made by `Connection.recordChanges(in:_:)`; applied to another database
/// (or the same one, later) with `Connection.apply(_:onConflict:)`.
///
/// A changeset holds the net effect: a row inserted then deleted in the block is not in it.
/// Its ``data`` is SQLite's own binary format, to store or send as it is.
public struct Changeset: Sendable, Hashable {
    /// The changeset in SQLite's binary format.
    public let data: Data

    /// A changeset from bytes in SQLite's format (read back from storage, received from
    /// another device). They are checked when used: malformed bytes throw
    /// ``ChangesetError/malformed`` then.
    public init(data: Data) {
        self.data = data
    }

    /// Whether the changeset holds no change.
    public var isEmpty: Bool {
        data.isEmpty
    }

    /// The changeset that undoes this one: inserts become deletes, deletes inserts, and
    /// updates swap their old and new values. Applied after this one, it restores the rows.
    ///
    /// - Throws: ``ChangesetError/malformed`` for bytes that are not a changeset.
    public func inverted() throws -> Changeset {
        try withBytes { count, bytes in
            var outputCount: Int32 = 0
            var output: UnsafeMutableRawPointer?
            try ChangesetError.check(sqlite3changeset_invert(count, bytes, &outputCount, &output))
            return Changeset(sqliteBuffer: output, count: outputCount)
        }
    }

    /// The row changes, in the changeset's order (grouped by table), for an audit trail.
    ///
    /// - Throws: ``ChangesetError/malformed`` for bytes that are not a changeset.
    public func operations() throws -> [ChangesetOperation] {
        try withBytes { count, bytes in
            var iterator: OpaquePointer?
            try ChangesetError.check(sqlite3changeset_start(&iterator, count, bytes))
            guard let iterator else { return [] }
            var operations: [ChangesetOperation] = []
            var code = sqlite3changeset_next(iterator)
            while code == SQLITE_ROW {
                do {
                    operations.append(try ChangesetOperation(current: iterator))
                } catch {
                    sqlite3changeset_finalize(iterator)
                    throw error
                }
                code = sqlite3changeset_next(iterator)
            }
            let finalCode = sqlite3changeset_finalize(iterator)
            try ChangesetError.check(code == SQLITE_DONE ? finalCode : code)
            return operations
        }
    }

    /// Calls `body` with the byte count and a mutable copy of the bytes (SQLite's functions
    /// take a mutable pointer, though they only read).
    func withBytes<T>(_ body: (Int32, UnsafeMutableRawPointer?) throws -> T) throws -> T {
        guard let count = Int32(exactly: data.count) else { throw ChangesetError.malformed }
        var bytes = [UInt8](data)
        return try bytes.withUnsafeMutableBytes { try body(count, $0.baseAddress) }
    }

    /// A changeset copied out of a buffer that SQLite allocated, which is then freed.
    init(sqliteBuffer buffer: UnsafeMutableRawPointer?, count: Int32) {
        defer { sqlite3_free(buffer) }
        self.init(data: buffer.map { Data(bytes: $0, count: Int(count)) } ?? Data())
    }
}
