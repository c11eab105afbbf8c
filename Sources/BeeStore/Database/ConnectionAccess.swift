import Dispatch

/// The writer connection: one thread at a time.
final class SerializedConnection: @unchecked Sendable {
    private let lock = Lock()
    // Only read and written under `lock`, which no access outlives: the runtime's
    // exclusivity check, about 85 instructions at every write (callgrind), is left out.
    @exclusivity(unchecked) private var connection: Connection?

    init(_ connection: Connection) {
        self.connection = connection
    }

    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { throw DatabaseError.closed }
        return try body(connection)
    }

    /// Closes the connection once no thread uses it.
    func close() {
        lock.withLock { connection = nil }
    }
}

/// Reader connections of a WAL database, opened on demand up to a maximum; each is
/// used by one thread at a time.
final class ReaderPool: @unchecked Sendable {
    private let slots: DispatchSemaphore
    private let idle = Protected((connections: [Connection](), isClosed: false))
    private let makeConnection: @Sendable () throws -> Connection

    init(maximumCount: Int, makeConnection: @escaping @Sendable () throws -> Connection) {
        self.slots = DispatchSemaphore(value: max(maximumCount, 1))
        self.makeConnection = makeConnection
    }

    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        let reused = try idle.withLock { idle -> Connection? in
            if idle.isClosed { throw DatabaseError.closed }
            return idle.connections.popLast()
        }
        let connection = try reused ?? makeConnection()
        defer {
            idle.withLock { idle in
                if !idle.isClosed { idle.connections.append(connection) }
            }
        }
        return try body(connection)
    }

    /// Closes idle connections now and busy ones when they are handed back.
    func close() {
        idle.withLock { idle in
            idle.isClosed = true
            idle.connections.removeAll()
        }
    }
}

extension DatabaseError {
    /// The error for any use of a database after ``Database/close()``.
    static let closed = DatabaseError(code: .misuse, message: "the database is closed")
}
