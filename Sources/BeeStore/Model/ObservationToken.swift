/// A running observation: it stops when cancelled or when the token is released.
///
/// Keep the token for as long as you want notifications:
///
/// ```swift
/// let token = db.from("player").observe { rows in print(rows.count) }
/// // …
/// token.cancel()
/// ```
public final class ObservationToken: Sendable {
    private let onCancel: Protected<(@Sendable () -> Void)?>

    /// A token that runs `onCancel` once, when cancelled or released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Protected(onCancel)
    }

    deinit {
        cancel()
    }

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
