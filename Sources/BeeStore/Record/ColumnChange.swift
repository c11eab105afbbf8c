/// A column whose value differs between two copies of a record: what ``ActiveRecord/changes(from:)``
/// lists, Rails' `changes` entry (`"title" => ["old", "new"]`).
public struct ColumnChange: Sendable, Equatable, CustomStringConvertible {
    /// The column's name.
    public let column: String
    /// The value the older copy stores in it.
    public let old: Value
    /// The value the newer copy stores in it.
    public let new: Value

    /// A change of `column` from `old` to `new`.
    public init(column: String, old: Value, new: Value) {
        self.column = column
        self.old = old
        self.new = new
    }

    /// `title: "old" → "new"`.
    public var description: String {
        "\(column): \(old) → \(new)"
    }
}
