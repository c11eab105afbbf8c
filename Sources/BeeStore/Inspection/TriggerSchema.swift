/// A trigger on a table or view.
public struct TriggerSchema: Sendable, Hashable, Encodable {
    /// The trigger's name.
    public let name: String

    /// The `CREATE TRIGGER` statement.
    public let sql: String
}
