/// What happened to a ``Model``'s state.
public enum ModelChangeKind: String, Sendable {
    /// The state was set or edited.
    case updated
    /// The state was loaded from the model's cache.
    case loaded
    /// The state was reset by ``Model/clearCache()``.
    case cleared
    /// A query-backed model's records changed in the database.
    case refreshed
}

/// A notification from a ``Model``: which model, what kind of change, and the new state.
public struct ModelChange<State: Codable & Sendable>: Sendable {
    /// The model that changed.
    public let model: Model<State>
    /// What kind of change it was.
    public let kind: ModelChangeKind
    /// The state after the change.
    public let state: State
}
