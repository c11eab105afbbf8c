#if PostgreSQL
import Foundation
import NIOCore
import PostgresNIO

/// The answers a session waits for from its connection, each failed with a connection
/// error as soon as the connection closes: a statement sent while the server was closing
/// the connection would otherwise wait for ever. One watcher of the connection's closing
/// serves all of them; a watcher added for each statement would stay registered, and
/// grow the connection's list of callbacks, for as long as the connection lives.
// `waiting`, `lastNumber` and `isClosed` are read and written with `lock` held.
final class PendingAnswers: @unchecked Sendable {
    private let lock = NSLock()
    /// The answers not given yet, by number, with what fails each: a few at most (the
    /// statements a session sends before it waits).
    private var waiting: [(number: UInt64, fail: @Sendable (any Error) -> Void)] = []
    private var lastNumber: UInt64 = 0
    private var isClosed = false

    /// Answers that fail as soon as `connection` closes.
    init(watching connection: PostgresConnection) {
        connection.closeFuture.whenComplete { [weak self] _ in self?.failAll() }
    }

    /// The result of `query`, or a connection error once the connection closed, whichever
    /// comes first.
    func answer<T: Sendable>(to query: EventLoopFuture<T>) -> EventLoopFuture<T> {
        let promise = query.eventLoop.makePromise(of: T.self)
        let number: UInt64? = lock.withLock {
            guard !isClosed else { return nil }
            lastNumber += 1
            waiting.append((lastNumber, { promise.fail($0) }))
            return lastNumber
        }
        guard let number else {
            promise.fail(Self.closedError)
            return promise.futureResult
        }
        query.whenComplete { result in
            if self.take(number) { promise.completeWith(result) }
        }
        return promise.futureResult
    }

    /// Whether the answer `number` was still waiting: it is no longer.
    private func take(_ number: UInt64) -> Bool {
        lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.number == number }) else { return false }
            waiting.remove(at: index)
            return true
        }
    }

    /// Fails every answer still waiting, and those asked for from now on.
    private func failAll() {
        let failures = lock.withLock {
            isClosed = true
            defer { waiting = [] }
            return waiting.map(\.fail)
        }
        for fail in failures {
            fail(Self.closedError)
        }
    }

    private static var closedError: PostgreSQLError {
        PostgreSQLError(kind: .connection, message: "the server closed the connection")
    }
}
#endif
