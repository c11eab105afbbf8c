#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The connections the current thread holds, so that nested accesses to the same
/// database (a record saved inside `db.transaction { … }`) reuse them instead of
/// waiting for themselves.
final class ThreadContext {
    struct Entry {
        // The database is alive while its entry is: an entry lives only during a call
        // on the database (`holding(_:for:isWriter:_:)`), which holds it. Unowned(unsafe)
        // spares the retain and release that a strong or unowned reference would cost
        // at every database access.
        unowned(unsafe) let database: Database
        let connection: Connection
        let isWriter: Bool
        /// The database's identity, kept beside it: compared at every access.
        let owner: ObjectIdentifier

        init(database: Database, connection: Connection, isWriter: Bool) {
            self.database = database
            self.connection = connection
            self.isWriter = isWriter
            owner = ObjectIdentifier(database)
        }
    }

    // Only its own thread touches a context (``current`` is per thread), and no access
    // to the list overlaps another: the runtime's exclusivity checks, two calls into
    // the runtime at every database access, are left out.
    @exclusivity(unchecked) private(set) var entries: [Entry] = []

    /// The context of the calling thread, created on first use and released when the thread exits.
    static var current: ThreadContext {
        if let pointer = pthread_getspecific(threadContextKey) {
            return Unmanaged<ThreadContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let context = ThreadContext()
        pthread_setspecific(threadContextKey, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// The entry of `database` in the calling thread's context, if the thread is already
    /// using a connection of it: ``current``'s ``entry(for:)``, without making a context
    /// for a thread that has none.
    static func currentEntry(for database: Database) -> Entry? {
        guard let pointer = pthread_getspecific(threadContextKey) else { return nil }
        // The thread's slot holds its context retained until the thread exits, so the
        // context outlives this call: it is used without a retain and release of its own
        // (about 40 instructions of each lookup inside a read).
        return Unmanaged<ThreadContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.entry(for: database) }
    }

    /// The connection of `database` this thread is already using, if any.
    func entry(for database: Database) -> Entry? {
        let owner = ObjectIdentifier(database)
        // Innermost first: a read nested in a write sees the writer.
        for entry in entries.reversed() where entry.owner == owner {
            return entry
        }
        return nil
    }

    /// The database whose read or write handed `connection` to this thread, while it runs.
    func database(holding connection: Connection) -> Database? {
        for entry in entries.reversed() where entry.connection === connection {
            return entry.database
        }
        return nil
    }

    /// Runs `body` with `connection` registered as held by this thread for `database`.
    func holding<T>(
        _ connection: Connection, for database: Database, isWriter: Bool, _ body: () throws -> T
    ) rethrows -> T {
        entries.append(Entry(database: database, connection: connection, isWriter: isWriter))
        defer { entries.removeLast() }
        return try body()
    }
}

private let threadContextKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { pointer in
        Unmanaged<ThreadContext>.fromOpaque(pointer).release()
    }
    #else
    pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<ThreadContext>.fromOpaque(pointer).release()
    }
    #endif
    return key
}()
