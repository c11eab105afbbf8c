import Dispatch

/// Re-fetches a value after each commit that changed what it reads (and, on an interval,
/// after changes by other connections or processes), and delivers it in order on the
/// caller's queue (or a serial queue of its own, which delivers in any program, with or
/// without a main run loop); a value its `isDuplicate` finds equal to the last one
/// delivered is skipped.
///
/// What the value reads is a ``ReadRegion``, worked out again with each fetch, in the
/// same snapshot: a commit refreshes the value only when its changes meet the region
/// (a row read inserted or deleted, a column read of a row read updated). After a commit
/// that may have changed the schema, every commit refreshes it until a fetch has worked
/// out the region again.
///
/// The database keeps it while it runs (a released token does not stop it); it holds the
/// database weakly, and ends when cancelled or when the database is released.
final class DatabaseObserver<Value: Sendable>: Sendable {
    private weak let database: Database?
    private let region: @Sendable (Connection) throws -> ReadRegion
    private let fetch: @Sendable (Connection) throws -> Value
    private let queue: DispatchQueue
    private let onChange: @Sendable (Value) -> Void
    private let onError: @Sendable (any Error) -> Void
    private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    /// The value delivered last, when duplicates are skipped.
    private let delivered = Protected<Value?>(nil)
    /// Fetches run one at a time, in commit order.
    private let fetchQueue = DispatchQueue(label: "BeeStore.DatabaseObserver")
    private let state: Protected<ObserverState>
    private let timer: Protected<(any DispatchSourceTimer)?> = Protected(nil)

    /// What the observer follows, and how many commits refreshed it or not.
    private struct ObserverState {
        var isCancelled = false
        var commitObserver: UInt64?
        var dataVersion: Int?
        /// What the value read, as of the schema generation ``regionGeneration``.
        var region: ReadRegion
        /// Counts the commits that may have changed the schema.
        var schemaGeneration = 0
        var regionGeneration = 0
        var counts = ObservationCounts()
    }

    init(
        database: Database, region: ReadRegion, regionOf: @escaping @Sendable (Connection) throws -> ReadRegion,
        queue: DispatchQueue?, isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        fetch: @escaping @Sendable (Connection) throws -> Value,
        onChange: @escaping @Sendable (Value) -> Void,
        onError: @escaping @Sendable (any Error) -> Void
    ) {
        self.database = database
        self.region = regionOf
        self.fetch = fetch
        self.queue = queue ?? DispatchQueue(label: "BeeStore.DatabaseObserver.delivery")
        self.onChange = onChange
        self.onError = onError
        self.isDuplicate = isDuplicate
        state = Protected(ObserverState(region: region))
    }

    /// How many commits refreshed the value, and how many did not change what it reads.
    var counts: ObservationCounts { state.value.counts }

    /// Delivers the current value, then starts following commits and, every
    /// `externalInterval` seconds, the database file's data version.
    func start(externalInterval: Double?) {
        guard let database else { return }
        let id = database.addCommitObserver { changes in
            guard self.isAffected(by: changes) else { return }
            self.refresh()
        }
        state.withLock { $0.commitObserver = id }
        refresh()
        if let externalInterval, externalInterval > 0 {
            let source = DispatchSource.makeTimerSource(queue: fetchQueue)
            source.schedule(deadline: .now() + externalInterval, repeating: externalInterval)
            source.setEventHandler { [weak self] in self?.checkExternalChanges() }
            timer.withLock { $0 = source }
            source.resume()
        }
    }

    /// Whether `changes` may change the value, counted.
    private func isAffected(by changes: DatabaseChanges) -> Bool {
        state.withLock { state in
            if changes.changedSchema { state.schemaGeneration += 1 }
            let affected = state.regionGeneration != state.schemaGeneration || state.region.isChanged(by: changes)
            if affected { state.counts.refreshed += 1 } else { state.counts.skipped += 1 }
            return affected
        }
    }

    func cancel() {
        let id = state.withLock { state -> UInt64? in
            state.isCancelled = true
            return state.commitObserver
        }
        if let id { database?.removeCommitObserver(id) }
        stopTimer()
    }

    deinit {
        stopTimer()
    }

    private func stopTimer() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    private var isCancelled: Bool { state.value.isCancelled }

    /// Fetches on the observer's serial queue, then delivers on the caller's queue.
    private func refresh() {
        fetchQueue.async { [self] in
            guard !isCancelled, let database else { return }
            do {
                let generation = state.value.schemaGeneration
                // Read before the value: a commit by another connection between the two
                // then shows as a new version at the next check, and is fetched. Read
                // after, it would count as seen though the value predates it.
                let version = currentDataVersion()
                let (value, region) = try database.read { connection in
                    (try fetch(connection), try self.region(connection))
                }
                state.withLock { state in
                    state.region = region
                    state.regionGeneration = generation
                    state.dataVersion = version
                }
                guard isNew(value) else { return }
                queue.async { [self] in
                    if !isCancelled { onChange(value) }
                }
            } catch {
                queue.async { [self] in
                    if !isCancelled { onError(error) }
                }
            }
        }
    }

    /// Whether `value` is to be delivered: always, unless duplicates are skipped and it
    /// equals the value delivered last. Called on the fetch queue only.
    private func isNew(_ value: Value) -> Bool {
        guard let isDuplicate else { return true }
        return delivered.withLock { delivered in
            if let previous = delivered, isDuplicate(previous, value) { return false }
            delivered = value
            return true
        }
    }

    /// `PRAGMA data_version` of the writer changes when another connection commits.
    private func currentDataVersion() -> Int? {
        try? database?.writeWithoutTransaction { try $0.dataVersion() }
    }

    private func checkExternalChanges() {
        guard !isCancelled, let version = currentDataVersion() else { return }
        let changed = state.withLock { state -> Bool in
            defer { state.dataVersion = version }
            return state.dataVersion.map { $0 != version } ?? false
        }
        if changed { refresh() }
    }
}

extension Database {
    /// How often, in seconds, observations look for changes made by other connections
    /// or processes, unless told otherwise.
    public static let externalChangeInterval: Double = 0.5

    /// Observes `tables`: calls `onChange` on `queue` with the value `fetch` reads, once at
    /// once and then after each committed transaction that changed one of the tables (at
    /// most once per transaction; never for a rolled-back one). Changes committed by other
    /// connections or processes to the same file are noticed within `externalChangeInterval`
    /// seconds (nil to not look for them). Observation runs until the token is cancelled,
    /// or until the database is released: a token that is released or discarded
    /// (`_ = db.observe(…)`) does not stop it.
    ///
    /// Values are delivered in order on `queue`; by default on a serial queue of the
    /// observation's own, so that they arrive in any program, including a command-line
    /// tool with no main run loop. Pass `.main` to update a user interface.
    ///
    /// ```swift
    /// let token = db.observe(tables: ["player"], fetch: { try $0.fetchValue(Int.self, "SELECT count(*) FROM player") ?? 0 }) { count in
    ///     print("\(count) players")
    /// }
    /// ```
    public func observe<Value: Sendable>(
        tables: Set<String>,
        on queue: DispatchQueue? = nil,
        externalChangeInterval: Double? = Database.externalChangeInterval,
        fetch: @escaping @Sendable (Connection) throws -> Value,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable (Value) -> Void
    ) -> ObservationToken {
        startObserving(
            region: .tables(tables), on: queue, externalChangeInterval: externalChangeInterval, isDuplicate: nil, fetch: fetch,
            onError: onError, onChange: onChange)
    }

    /// Observes `tables` as ``observe(tables:on:externalChangeInterval:fetch:onError:onChange:)``
    /// does; when `removingDuplicates`, a value equal to the one delivered last is not
    /// delivered again (a commit that changed the tables but not what `fetch` reads).
    public func observe<Value: Sendable & Equatable>(
        tables: Set<String>,
        on queue: DispatchQueue? = nil,
        externalChangeInterval: Double? = Database.externalChangeInterval,
        removingDuplicates: Bool,
        fetch: @escaping @Sendable (Connection) throws -> Value,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable (Value) -> Void
    ) -> ObservationToken {
        startObserving(
            region: .tables(tables), on: queue, externalChangeInterval: externalChangeInterval,
            isDuplicate: Self.equality(removingDuplicates), fetch: fetch, onError: onError, onChange: onChange)
    }

    /// Starts an observation, skipping the values `isDuplicate` finds equal to the last delivered.
    func startObserving<Value: Sendable>(
        region: ObservedRegion,
        on queue: DispatchQueue?,
        externalChangeInterval: Double?,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        fetch: @escaping @Sendable (Connection) throws -> Value,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Value) -> Void
    ) -> ObservationToken {
        let observer = DatabaseObserver(
            database: self, region: region.initial, regionOf: region.current, queue: queue, isDuplicate: isDuplicate,
            fetch: fetch, onChange: onChange, onError: onError)
        observer.start(externalInterval: externalChangeInterval)
        return ObservationToken(counts: { observer.counts }, onCancel: { observer.cancel() })
    }

    /// The values `fetch` reads from `tables`, as ``observe(tables:on:externalChangeInterval:fetch:onError:onChange:)``
    /// delivers them, as an asynchronous sequence: the first at once, then one per
    /// committed transaction that changed the tables. Ends when the consuming task is
    /// cancelled; a failing fetch ends it with the error.
    public func values<Value: Sendable>(
        tables: Set<String>,
        externalChangeInterval: Double? = Database.externalChangeInterval,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        valueStream(region: .tables(tables), externalChangeInterval: externalChangeInterval, isDuplicate: nil, fetch: fetch)
    }

    /// The values `fetch` reads from `tables`, as ``values(tables:externalChangeInterval:fetch:)``
    /// gives them; when `removingDuplicates`, without a value equal to the one before it.
    public func values<Value: Sendable & Equatable>(
        tables: Set<String>,
        externalChangeInterval: Double? = Database.externalChangeInterval,
        removingDuplicates: Bool,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        valueStream(
            region: .tables(tables), externalChangeInterval: externalChangeInterval,
            isDuplicate: Self.equality(removingDuplicates), fetch: fetch)
    }

    /// The values of an observation as an asynchronous sequence.
    func valueStream<Value: Sendable>(
        region: ObservedRegion,
        externalChangeInterval: Double?,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream { continuation in
            let token = startObserving(
                region: region, on: DispatchQueue(label: "BeeStore.values"), externalChangeInterval: externalChangeInterval,
                isDuplicate: isDuplicate, fetch: fetch, onError: { continuation.finish(throwing: $0) },
                onChange: { continuation.yield($0) })
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// `==` when duplicates are removed, nil otherwise.
    static func equality<Value: Equatable & Sendable>(_ removingDuplicates: Bool) -> (@Sendable (Value, Value) -> Bool)? {
        removingDuplicates ? { @Sendable lhs, rhs in lhs == rhs } : nil
    }
}
