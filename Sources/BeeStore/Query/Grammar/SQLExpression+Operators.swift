/// Swift's operators build SQL expressions: comparisons, `&&`, `||` and `!`, and
/// arithmetic. One side may be a Swift value, bound as a parameter:
/// `SQLExpression.column("age") >= 18`.
extension SQLExpression {
    private static func infix(_ left: SQLExpression, _ op: String, _ right: SQLExpression) -> SQLExpression {
        SQLExpression(.infix(left.node, op, right.node))
    }

    /// `left = right`.
    public static func == (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "=", right) }

    /// SQLite's `self IS other`: whether the two are equal, or both `NULL`.
    func isNotDistinct(from other: SQLExpression) -> SQLExpression { Self.infix(self, "IS", other) }
    /// `left = value`; a nil value (or a nil optional) gives `left IS NULL`.
    public static func == (left: SQLExpression, right: (any DatabaseValueConvertible)?) -> SQLExpression {
        let value = right?.databaseValue ?? .null
        return value.isNull ? left.isNull : SQLExpression(.infix(left.node, "=", .value(value)))
    }
    /// `left <> right`.
    public static func != (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "<>", right) }
    /// `left <> value`; a nil value (or a nil optional) gives `left IS NOT NULL`.
    public static func != (left: SQLExpression, right: (any DatabaseValueConvertible)?) -> SQLExpression {
        let value = right?.databaseValue ?? .null
        return value.isNull ? left.isNotNull : SQLExpression(.infix(left.node, "<>", .value(value)))
    }
    /// `left < right`.
    public static func < (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "<", right) }
    /// `left < value`.
    public static func < (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, "<", .value(right))
    }
    /// `left <= right`.
    public static func <= (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "<=", right) }
    /// `left <= value`.
    public static func <= (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, "<=", .value(right))
    }
    /// `left > right`.
    public static func > (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, ">", right) }
    /// `left > value`.
    public static func > (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, ">", .value(right))
    }
    /// `left >= right`.
    public static func >= (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, ">=", right) }
    /// `left >= value`.
    public static func >= (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, ">=", .value(right))
    }

    /// `left AND right`.
    public static func && (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "AND", right) }
    /// `left OR right`.
    public static func || (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "OR", right) }
    /// `NOT operand`.
    public static prefix func ! (operand: SQLExpression) -> SQLExpression { SQLExpression(.prefix("NOT", operand.node)) }

    /// `left + right`.
    public static func + (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "+", right) }
    /// `left + value`.
    public static func + (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, "+", .value(right))
    }
    /// `left - right`.
    public static func - (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "-", right) }
    /// `left - value`.
    public static func - (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, "-", .value(right))
    }
    /// `left * right`.
    public static func * (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "*", right) }
    /// `left * value`.
    public static func * (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, "*", .value(right))
    }
    /// `left / right` (an integer division when both are integers, as in SQL).
    public static func / (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "/", right) }
    /// `left / value`.
    public static func / (left: SQLExpression, right: some DatabaseValueConvertible) -> SQLExpression {
        infix(left, "/", .value(right))
    }
    /// `left % right`.
    public static func % (left: SQLExpression, right: SQLExpression) -> SQLExpression { infix(left, "%", right) }
    /// `-operand`.
    public static prefix func - (operand: SQLExpression) -> SQLExpression { SQLExpression(.prefix("-", operand.node)) }
}
