/// A running observation, which stops when the token is cancelled.
///
/// An observation runs until ``cancel()``, or until what it observes (the database, the
/// model) is released: a token that is released or discarded (`_ = db.observe(…)`)
/// does not stop it, so an observation never ends silently. Keep the token to stop it:
///
/// ```swift
/// let token = try db.from("player").observe { rows in print(rows.count) }
/// // …
/// token.cancel()
/// ```
public final class ObservationToken: Sendable {
    private let onCancel: Protected<(@Sendable () -> Void)?>
    /// How many commits refreshed the observation and how many did not, when it follows commits.
    private let readCounts: (@Sendable () -> ObservationCounts)?

    /// A token that runs `onCancel` once, when cancelled.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Protected(onCancel)
        readCounts = nil
    }

    /// A token of an observation of commits, whose counts `counts` reads.
    init(counts: @escaping @Sendable () -> ObservationCounts, onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Protected(onCancel)
        readCounts = counts
    }

    /// How many commits so far refreshed the observation, and how many it skipped because
    /// they changed nothing it reads.
    var counts: ObservationCounts { readCounts?() ?? ObservationCounts() }

    /// Stops the observation; later calls do nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Whether the observation was cancelled.
    public var isCancelled: Bool {
        onCancel.value == nil
    }
}
