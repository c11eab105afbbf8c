/// Function calls: any function by name, and the built-in aggregates, scalar and window
/// functions both dialects share.
extension SQLExpression {
    /// `name(arguments…)`: any SQL function, built in or registered on the database. A
    /// name other than letters, digits and `_` is quoted.
    public static func function(_ name: String, _ arguments: SQLExpression...) -> SQLExpression {
        SQLExpression(.function(name, arguments.map(\.node), distinct: false))
    }

    /// `name(arguments…)` with the arguments in an array.
    public static func function(_ name: String, arguments: [SQLExpression]) -> SQLExpression {
        SQLExpression(.function(name, arguments.map(\.node), distinct: false))
    }

    // MARK: Aggregates

    /// `count(*)`: the number of rows.
    public static var countAll: SQLExpression { function("count", .all) }

    /// `count(expression)`: the number of non-`NULL` values; `count(DISTINCT expression)`
    /// when `distinct`.
    public static func count(_ expression: SQLExpression, distinct: Bool = false) -> SQLExpression {
        SQLExpression(.function("count", [expression.node], distinct: distinct))
    }

    /// `sum(expression)`; `NULL` over no row.
    public static func sum(_ expression: SQLExpression, distinct: Bool = false) -> SQLExpression {
        SQLExpression(.function("sum", [expression.node], distinct: distinct))
    }

    /// `avg(expression)`.
    public static func average(_ expression: SQLExpression, distinct: Bool = false) -> SQLExpression {
        SQLExpression(.function("avg", [expression.node], distinct: distinct))
    }

    /// `min(expression)`: the smallest value of the rows.
    public static func minimum(_ expression: SQLExpression) -> SQLExpression { function("min", expression) }

    /// `max(expression)`: the largest value of the rows.
    public static func maximum(_ expression: SQLExpression) -> SQLExpression { function("max", expression) }

    // MARK: Scalars

    /// `lower(text)`: ASCII letters in lowercase (SQLite), every letter (PostgreSQL).
    public static func lower(_ text: SQLExpression) -> SQLExpression { function("lower", text) }

    /// `upper(text)`.
    public static func upper(_ text: SQLExpression) -> SQLExpression { function("upper", text) }

    /// `length(text)`: its characters.
    public static func length(_ text: SQLExpression) -> SQLExpression { function("length", text) }

    /// `abs(number)`.
    public static func abs(_ number: SQLExpression) -> SQLExpression { function("abs", number) }

    /// `round(number, places)`.
    public static func round(_ number: SQLExpression, places: Int = 0) -> SQLExpression {
        function("round", number, .value(places))
    }

    /// `coalesce(a, b, …)`: the first argument that is not `NULL`.
    public static func coalesce(_ expressions: SQLExpression...) -> SQLExpression {
        function("coalesce", arguments: expressions)
    }

    /// `nullif(a, b)`: `NULL` when the two are equal, `a` otherwise.
    public static func nullIf(_ expression: SQLExpression, _ other: SQLExpression) -> SQLExpression {
        function("nullif", expression, other)
    }

    // MARK: Window functions

    /// `row_number()`: the row's position in its window (with ``over(partitionBy:orderBy:)``).
    public static var rowNumber: SQLExpression { function("row_number") }

    /// `rank()`: the row's rank in its window, with gaps after ties.
    public static var rank: SQLExpression { function("rank") }

    /// `dense_rank()`: the row's rank in its window, without gaps.
    public static var denseRank: SQLExpression { function("dense_rank") }

    /// `lag(expression)`: its value on the row before in the window.
    public static func lag(_ expression: SQLExpression) -> SQLExpression { function("lag", expression) }

    /// `lead(expression)`: its value on the row after in the window.
    public static func lead(_ expression: SQLExpression) -> SQLExpression { function("lead", expression) }
}
