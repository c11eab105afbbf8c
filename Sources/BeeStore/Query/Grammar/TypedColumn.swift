/// A column whose values are of one Swift type, `Value`: the columns `@ColumnCodable`
/// writes for a record (`Track.columns.milliseconds`), so that a comparison with a value
/// of another type, or a column the record lacks, does not compile.
///
/// ```swift
/// let long = try Track.where(Track.columns.milliseconds > 300_000).records(in: db)
/// // Track.columns.milliseconds > "long"   (does not compile: a String is not an Int)
/// ```
public struct TypedColumn<Value>: Sendable {
    /// The column's name (for a record's column, its property's coding key, which record
    /// queries accept).
    public let name: String

    /// The column `name`, holding values of type `Value`.
    public init(_ name: String) {
        self.name = name
    }

    /// The column as an expression, to combine with others.
    public var expression: SQLExpression {
        .column(name)
    }
}

extension TypedColumn where Value: DatabaseValueConvertible {
    /// `column = value` (`IS NULL` for a nil optional).
    public static func == (column: TypedColumn, value: Value) -> SQLExpression { column.expression == value }
    /// `column <> value` (`IS NOT NULL` for a nil optional).
    public static func != (column: TypedColumn, value: Value) -> SQLExpression { column.expression != value }
    /// `column < value`.
    public static func < (column: TypedColumn, value: Value) -> SQLExpression { column.expression < value }
    /// `column <= value`.
    public static func <= (column: TypedColumn, value: Value) -> SQLExpression { column.expression <= value }
    /// `column > value`.
    public static func > (column: TypedColumn, value: Value) -> SQLExpression { column.expression > value }
    /// `column >= value`.
    public static func >= (column: TypedColumn, value: Value) -> SQLExpression { column.expression >= value }
    /// `column IN (value, …)`.
    public func `in`(_ values: [Value]) -> SQLExpression { expression.in(values.map { $0 as (any DatabaseValueConvertible)? }) }
}

extension TypedColumn {
    /// `left = right`: two columns of the same type.
    public static func == (left: TypedColumn, right: TypedColumn) -> SQLExpression { left.expression == right.expression }
    /// `column IS NULL`.
    public var isNull: SQLExpression { expression.isNull }
    /// `column IS NOT NULL`.
    public var isNotNull: SQLExpression { expression.isNotNull }
}

extension TypedColumn where Value == String {
    /// `column LIKE '%text%'`, the text's wildcards matched as themselves.
    public func like(containing text: String) -> SQLExpression { expression.like(containing: text) }
}

extension TypedColumn where Value == String? {
    /// `column LIKE '%text%'`, the text's wildcards matched as themselves.
    public func like(containing text: String) -> SQLExpression { expression.like(containing: text) }
}
