import Dispatch
import Foundation
#if canImport(Observation)
import Observation
#endif

/// {Bee}'s `BeeModel`: a piece of an app's state whose observers are told when it
/// changes, and which can load and save itself through any BeeStore cache.
///
/// Observers are held weakly (an observer that goes away is never called) or through
/// an ``ObservationToken`` (cancelled, it stops). They are called on the model's
/// notification queue, or, without one, on the thread that made the change, after the
/// model's lock is released.
///
/// A model is also `Observable` (the Observation framework): a SwiftUI view, or any
/// `withObservationTracking` block, that reads ``state`` is updated when it changes,
/// with no wrapper.
///
/// ```swift
/// struct Profile: Codable, Sendable { var name = ""; var visits = 0 }
///
/// let store = try KeyValueStore(path: "settings.sqlite")
/// let profile = Model(Profile(), cache: store, cacheKey: "profile", autoLoad: true, autoSave: true)
/// profile.addObserver(self) { screen, change in screen.show(change.state) }
/// profile.update { $0.visits += 1 }   // observers told, saved to the store
/// ```
open class Model<State: Codable & Sendable>: @unchecked Sendable {
    /// An observer's owner is only handed to its own handler, on the queue the model
    /// notifies on: the caller's choice, as for any delegate.
    private struct Observer: @unchecked Sendable {
        let id: UInt64
        weak var owner: AnyObject?
        let isOwned: Bool
        let handler: @Sendable (AnyObject?, ModelChange<State>) -> Void
    }

    private let lock = Lock()
    private var storedState: State
    private let initialState: State
    private var observers: [Observer] = []
    private var nextObserverID: UInt64 = 0
    private var storedCacheError: (any Error)?
    #if canImport(Observation)
    /// The Observation framework's registrar, on the systems that have it (its type is
    /// named only where it is known to be there).
    private let registrar: (any Sendable)? = {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return nil }
        return ObservationRegistrar()
    }()
    #endif

    /// Where ``saveCache()`` and ``loadCache()`` keep the state; nil for a model that is not cached.
    public let cache: (any KeyValueCache<String, Data>)?
    /// The state's key in ``cache``.
    public let cacheKey: String
    /// Whether every change is saved to the cache ({Bee}'s `autoSave`).
    public let autoSave: Bool
    /// The queue observers are called on; nil to call them on the changing thread.
    public let notificationQueue: DispatchQueue?

    /// A model holding `state`. With `autoLoad` ({Bee}'s `autoLoad`), a state saved in
    /// `cache` under `cacheKey` (the type's name by default) replaces it at once; with
    /// `autoSave`, each change is saved. Cache failures in those automatic loads and
    /// saves do not throw: they are kept in ``lastCacheError``.
    public init(
        _ state: State,
        cache: (any KeyValueCache<String, Data>)? = nil,
        cacheKey: String? = nil,
        autoLoad: Bool = false,
        autoSave: Bool = false,
        notifyOn queue: DispatchQueue? = nil
    ) {
        self.storedState = state
        self.initialState = state
        self.cache = cache
        self.cacheKey = cacheKey ?? String(describing: Self.self)
        self.autoSave = autoSave
        self.notificationQueue = queue
        if autoLoad, cache != nil {
            do { try loadCache() } catch { lock.withLock { storedCacheError = error } }
        }
    }

    /// The current state; setting it notifies the observers (``ModelChangeKind/updated``).
    public var state: State {
        get {
            #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar = registrar as? ObservationRegistrar {
                registrar.access(self, keyPath: \.state)
            }
            #endif
            return lock.withLock { storedState }
        }
        set { change(to: newValue, kind: .updated) }
    }

    /// Edits the state in place and notifies the observers once.
    public func update(_ edit: (inout State) -> Void) {
        var state = self.state
        edit(&state)
        change(to: state, kind: .updated)
    }

    /// The error of the last automatic load or save, if it failed.
    public var lastCacheError: (any Error)? {
        lock.withLock { storedCacheError }
    }

    /// Replaces the state and tells the observers, saving it first when ``autoSave`` is on
    /// (except for a state just loaded from the cache, or reset by ``clearCache()``, which
    /// must leave the cache empty).
    public func change(to state: State, kind: ModelChangeKind) {
        // Outside the lock: Observation's change handlers may read the state at once.
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar = registrar as? ObservationRegistrar {
            registrar.willSet(self, keyPath: \.state)
        }
        #endif
        let targets = lock.withLock { () -> [Observer] in
            storedState = state
            observers.removeAll { $0.isOwned && $0.owner == nil }
            return observers
        }
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar = registrar as? ObservationRegistrar {
            registrar.didSet(self, keyPath: \.state)
        }
        #endif
        if autoSave, kind != .loaded, kind != .cleared, cache != nil {
            do { try saveCache() } catch { lock.withLock { storedCacheError = error } }
        }
        let notification = ModelChange(model: self, kind: kind, state: state)
        let deliver = { @Sendable in
            for observer in targets {
                if observer.isOwned {
                    guard let owner = observer.owner else { continue }
                    observer.handler(owner, notification)
                } else {
                    observer.handler(nil, notification)
                }
            }
        }
        if let notificationQueue {
            notificationQueue.async(execute: deliver)
        } else {
            deliver()
        }
    }

    /// Calls `handler` with `observer` after each change, for as long as `observer` lives
    /// (it is held weakly) or until ``removeObserver(_:)``.
    public func addObserver<Owner: AnyObject>(
        _ observer: Owner, handler: @escaping @Sendable (Owner, ModelChange<State>) -> Void
    ) {
        register(owner: observer) { owner, change in
            if let owner = owner as? Owner { handler(owner, change) }
        }
    }

    /// Stops calling the handlers registered for `observer`.
    public func removeObserver(_ observer: AnyObject) {
        lock.withLock { observers.removeAll { $0.owner === observer } }
    }

    /// Calls `handler` after each change until the token is cancelled (or the model is
    /// released); a released or discarded token does not stop it.
    public func observe(_ handler: @escaping @Sendable (ModelChange<State>) -> Void) -> ObservationToken {
        let id = register(owner: nil) { _, change in handler(change) }
        return ObservationToken { [weak self] in
            self?.lock.withLock { self?.observers.removeAll { $0.id == id } }
        }
    }

    /// The number of observers still registered (released ones are not counted).
    public var observerCount: Int {
        lock.withLock { observers.filter { !$0.isOwned || $0.owner != nil }.count }
    }

    @discardableResult
    private func register(owner: AnyObject?, _ handler: @escaping @Sendable (AnyObject?, ModelChange<State>) -> Void) -> UInt64 {
        lock.withLock {
            nextObserverID += 1
            observers.append(Observer(id: nextObserverID, owner: owner, isOwned: owner != nil, handler: handler))
            return nextObserverID
        }
    }

    /// Replaces the state with the one saved in the cache ({Bee}'s `loadCache`) and tells
    /// the observers (``ModelChangeKind/loaded``); returns false, changing nothing, when
    /// the cache holds none.
    @discardableResult
    public func loadCache() throws -> Bool {
        guard let cache, let saved = try cache.value(forKey: cacheKey, as: State.self) else { return false }
        change(to: saved, kind: .loaded)
        return true
    }

    /// Saves the state in the cache ({Bee}'s `saveCache`).
    public func saveCache() throws {
        try cache?.setValue(state, forKey: cacheKey)
    }

    /// Removes the saved state from the cache ({Bee}'s `clearCache`) and resets the model
    /// to its initial state (``ModelChangeKind/cleared``).
    public func clearCache() throws {
        try cache?.removeValue(forKey: cacheKey)
        change(to: initialState, kind: .cleared)
    }
}

#if canImport(Observation)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Model: Observable {}
#endif
