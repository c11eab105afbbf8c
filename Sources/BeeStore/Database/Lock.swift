#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutual exclusion lock over a heap-allocated `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` so that the library keeps its deployment targets.
/// Inlinable, for ``MemoryCache``'s callers.
// Safe to share: its one stored property, the mutex's address, never changes, and the
// mutex itself is only used through the pthread calls made for sharing it.
@usableFromInline final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable func lock() { pthread_mutex_lock(mutex) }

    @inlinable func unlock() { pthread_mutex_unlock(mutex) }

    @inlinable func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value that is only read and written while holding its own lock.
/// Inlinable, for ``MemoryCache``'s callers.
// Safe to share: `state` is only read and written inside `withLock` and `value`, under `lock`.
@usableFromInline final class Protected<State>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    // Only accessed under `lock`, which is not recursive: a second access to `state`
    // while one is open would wait for the lock forever before it could overlap. The
    // runtime's exclusivity check, about 90 instructions at each use (callgrind: three
    // uses, 270 instructions, in a one-row write transaction), is left out.
    @exclusivity(unchecked) @usableFromInline var state: State

    @inlinable
    init(_ state: State) {
        self.state = state
    }

    @inlinable
    func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try lock.withLock { try body(&state) }
    }

    @inlinable
    var value: State {
        lock.withLock { state }
    }
}
