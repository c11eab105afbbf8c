/// An SQL expression: a column, a bound value, an operator applied to expressions, a
/// function call, a `CASE`, a `CAST`, a subquery or a window function. It renders itself
/// for the dialect of the statement that holds it, with every value bound, never spliced.
///
/// Expressions are built from columns and values with Swift's operators, and used in
/// `where`, `having`, `select`, `order(by:)`, `groupBy`, `set` and `join(_:on:)`:
///
/// ```swift
/// let price = SQLExpression.column("price"), quantity = SQLExpression.column("quantity")
/// let large = db.from("line").where(price * quantity > 100 && .lower(.column("status")) == "open")
/// // SELECT * FROM "line" WHERE (("price" * "quantity") > ? AND (lower("status") = ?))
/// ```
///
/// A column name follows the builder's rule: `t.c` is column `c` of table `t` when `t`
/// is a table of the statement, and one name otherwise.
public struct SQLExpression: Sendable {
    indirect enum Node: Sendable {
        case column(String)
        /// A column named exactly so, dots included: a name read from a schema.
        case exactColumn(String)
        /// A column of a table, both named exactly so: `"table"."column"`.
        case qualifiedColumn(table: String, column: String)
        case value(Value)
        /// `*`, as in `count(*)`.
        case all
        /// An operator before its operand: `NOT x`, `-x`.
        case prefix(String, Node)
        /// An operator between two operands: `a + b`, `a AND b`, `a = b`.
        case infix(Node, String, Node)
        /// An operator after its operand: `x IS NULL`.
        case postfix(Node, String)
        case between(Node, Node, Node, negated: Bool)
        case inList(Node, [Node], negated: Bool)
        case inQuery(Node, Query, negated: Bool)
        case exists(Query, negated: Bool)
        case subquery(Query)
        case function(String, [Node], distinct: Bool)
        case caseWhen(subject: Node?, [CaseBranch], otherwise: Node?)
        case cast(Node, ColumnType)
        case window(Node, partition: [Node], order: [OrderTerm])
        /// The value at a JSON path of a JSON text: `json_extract(x, '$.a')`, or its text.
        case jsonPath(Node, path: String, asText: Bool)
        /// `x LIKE pattern ESCAPE '\'` (case-insensitive for ASCII letters in every dialect).
        case like(Node, Node, negated: Bool)
        case glob(Node, Node, negated: Bool)
        /// `element IN` the elements of the JSON array `array`.
        case jsonArrayContains(array: Node, element: Node)
        case collate(Node, String)
        /// An aggregate of a record's to-many relation, per record: a record query turns it
        /// into a subquery (see ``RelationAggregate``).
        case relationAggregate(RelationAggregate)
    }

    /// A `WHEN condition THEN result` of a `CASE`.
    struct CaseBranch: Sendable {
        let condition: Node
        let result: Node
    }

    /// An ordering term of a window.
    struct OrderTerm: Sendable {
        let expression: Node
        let direction: OrderDirection
    }

    let node: Node

    init(_ node: Node) {
        self.node = node
    }

    /// A column of the statement's tables: `"price"`, or `"t"."price"` for `t.price`.
    public static func column(_ name: String) -> SQLExpression {
        SQLExpression(.column(name))
    }

    /// The column named `name` exactly, as one identifier whatever it holds: for names
    /// read from a schema, where a dot is part of the name.
    package static func exactColumn(_ name: String) -> SQLExpression {
        SQLExpression(.exactColumn(name))
    }

    /// The column `name` of `table`, both named exactly, as one qualified reference
    /// (`"t"."c"`) whatever they hold: a column of an outer query, in a subquery.
    static func exactColumn(_ name: String, of table: String) -> SQLExpression {
        SQLExpression(.qualifiedColumn(table: table, column: name))
    }

    /// A value, bound as a parameter; nil is `NULL`.
    public static func value(_ value: (any DatabaseValueConvertible)?) -> SQLExpression {
        SQLExpression(.value(value?.databaseValue ?? .null))
    }

    /// `NULL`.
    public static var null: SQLExpression {
        SQLExpression(.value(.null))
    }

    /// `*`, every column: the argument of `count(*)`.
    public static var all: SQLExpression {
        SQLExpression(.all)
    }

    /// `EXISTS (query)`: whether the query selects a row.
    public static func exists(_ query: Query) -> SQLExpression {
        SQLExpression(.exists(query, negated: false))
    }

    /// `NOT EXISTS (query)`.
    public static func notExists(_ query: Query) -> SQLExpression {
        SQLExpression(.exists(query, negated: true))
    }

    /// `(query)`: the first column of the query's first row, as a value.
    public static func subquery(_ query: Query) -> SQLExpression {
        SQLExpression(.subquery(query))
    }

    /// `CASE WHEN condition THEN result … ELSE otherwise END`; without `otherwise`, `NULL`
    /// when no condition holds.
    public static func `case`(
        _ branches: [(when: SQLExpression, then: SQLExpression)], else otherwise: SQLExpression? = nil
    ) -> SQLExpression {
        SQLExpression(.caseWhen(
            subject: nil, branches.map { CaseBranch(condition: $0.when.node, result: $0.then.node) },
            otherwise: otherwise?.node))
    }

    /// `CASE subject WHEN value THEN result … ELSE otherwise END`.
    public static func `case`(
        _ subject: SQLExpression, _ branches: [(when: SQLExpression, then: SQLExpression)],
        else otherwise: SQLExpression? = nil
    ) -> SQLExpression {
        SQLExpression(.caseWhen(
            subject: subject.node, branches.map { CaseBranch(condition: $0.when.node, result: $0.then.node) },
            otherwise: otherwise?.node))
    }

    /// `CAST(expression AS type)`.
    public static func cast(_ expression: SQLExpression, as type: ColumnType) -> SQLExpression {
        SQLExpression(.cast(expression.node, type))
    }
}

extension SQLExpression {
    /// `expression IS NULL`.
    public var isNull: SQLExpression { SQLExpression(.postfix(node, "IS NULL")) }

    /// `expression IS NOT NULL`.
    public var isNotNull: SQLExpression { SQLExpression(.postfix(node, "IS NOT NULL")) }

    /// `expression BETWEEN low AND high`.
    public func between(_ low: SQLExpression, and high: SQLExpression) -> SQLExpression {
        SQLExpression(.between(node, low.node, high.node, negated: false))
    }

    /// `expression NOT BETWEEN low AND high`.
    public func notBetween(_ low: SQLExpression, and high: SQLExpression) -> SQLExpression {
        SQLExpression(.between(node, low.node, high.node, negated: true))
    }

    /// `expression IN (value, …)`; an empty list matches nothing.
    public func `in`(_ values: [SQLExpression]) -> SQLExpression {
        SQLExpression(.inList(node, values.map(\.node), negated: false))
    }

    /// `expression IN (value, …)`, each value bound.
    public func `in`(_ values: [(any DatabaseValueConvertible)?]) -> SQLExpression {
        `in`(values.map(SQLExpression.value))
    }

    /// `expression NOT IN (value, …)`; an empty list matches everything.
    public func notIn(_ values: [(any DatabaseValueConvertible)?]) -> SQLExpression {
        SQLExpression(.inList(node, values.map { SQLExpression.value($0).node }, negated: true))
    }

    /// `expression IN (query)`: the query selects one column.
    public func `in`(_ query: Query) -> SQLExpression {
        SQLExpression(.inQuery(node, query, negated: false))
    }

    /// `expression NOT IN (query)`.
    public func notIn(_ query: Query) -> SQLExpression {
        SQLExpression(.inQuery(node, query, negated: true))
    }

    /// `expression LIKE pattern ESCAPE '\'`: `pattern` is a LIKE pattern, its `%` and `_`
    /// wildcards as given (``like(containing:)`` escapes them).
    public func like(_ pattern: SQLExpression) -> SQLExpression {
        SQLExpression(.like(node, pattern.node, negated: false))
    }

    /// `expression NOT LIKE pattern ESCAPE '\'`.
    public func notLike(_ pattern: SQLExpression) -> SQLExpression {
        SQLExpression(.like(node, pattern.node, negated: true))
    }

    /// `expression LIKE '%text%'`, the text's `%`, `_` and `\` matched as themselves.
    public func like(containing text: String) -> SQLExpression {
        like(.value(Conditions.likePattern(text, .contains)))
    }

    /// `expression GLOB pattern` (SQLite's case-sensitive pattern match).
    public func glob(_ pattern: SQLExpression) -> SQLExpression {
        SQLExpression(.glob(node, pattern.node, negated: false))
    }

    /// Whether this JSON array holds `element` among its elements: `element IN (SELECT value
    /// FROM json_each(array))` in SQLite; in PostgreSQL the texts of the elements of the
    /// array read as `jsonb` are compared with `element`'s text. A `NULL` array holds
    /// nothing; text that is not JSON makes the statement fail.
    ///
    /// ```swift
    /// db.from("song").where(.column("tags").jsonArrayContains(.value("rock")))
    /// ```
    public func jsonArrayContains(_ element: SQLExpression) -> SQLExpression {
        SQLExpression(.jsonArrayContains(array: node, element: element.node))
    }

    /// `expression COLLATE collation`: compared and sorted by the collation (`NOCASE`,
    /// `RTRIM`, or one the database registered).
    public func collate(_ collation: String) -> SQLExpression {
        SQLExpression(.collate(node, collation))
    }

    /// `expression || other`: the two texts joined.
    public func concatenated(with other: SQLExpression) -> SQLExpression {
        SQLExpression(.infix(node, "||", other.node))
    }

    /// The value at `path` (`$.a.b[0]`) of the JSON text in `expression`: a number, text,
    /// `NULL`, or JSON text for an object or array (`json_extract`; `->` in PostgreSQL).
    public func json(_ path: String) -> SQLExpression {
        SQLExpression(.jsonPath(node, path: path, asText: false))
    }

    /// The value at `path` of the JSON text in `expression`, as SQL text or a number
    /// (`->>`, which SQLite 3.38 introduced, and `json_extract` before).
    public func jsonText(_ path: String) -> SQLExpression {
        SQLExpression(.jsonPath(node, path: path, asText: true))
    }

    /// The window function `expression OVER (PARTITION BY … ORDER BY …)`: an aggregate or
    /// `rowNumber()`, `rank()` and the other window functions, computed per row over its
    /// partition.
    public func over(
        partitionBy partition: [SQLExpression] = [], orderBy order: [(SQLExpression, OrderDirection)] = []
    ) -> SQLExpression {
        SQLExpression(.window(
            node, partition: partition.map(\.node), order: order.map { OrderTerm(expression: $0.0.node, direction: $0.1) }))
    }
}
