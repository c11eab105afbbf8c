/// A chainable description of one SQL statement on one table, in the manner of {Bee}'s
/// `BeeDatabase`: `db.from("blogs").where("id", 1).get()`.
///
/// A query is a value: each method returns a new query, so a base query can be kept and
/// branched. The methods consume their receiver, so that a chain of calls changes one
/// query in place rather than copying it at each step. Values are always bound as parameters and identifiers always
/// quoted. ``sql`` and ``arguments`` show the `SELECT` it runs; the terminal methods
/// (`get`, `count`, `insert`, `update`, `delete`, …) hand the SQL to the database core.
///
/// ```swift
/// let recent = db.from("blogs").where("published", true).orderDesc("id")
/// let page = try recent.limit(10).offset(20).get()
/// let total = try recent.count()
/// ```
public struct Query: Filterable, Sendable {
    /// The database the query runs on; nil for a query built only to render SQL, whose
    /// terminal methods throw ``QueryError/noDatabase(table:)``.
    public internal(set) var database: Database?

    /// The table the query reads or writes.
    public let table: String

    /// The `WHERE` conditions.
    public var conditions = Conditions()

    /// The other clauses, when one is set; nil for none (see ``QueryClauses``).
    var clausesBox: QueryClauses.Box?

    /// A query on `table` of `database`; usually made with ``Database/from(_:)``. Without
    /// a database, the query only renders SQL.
    public init(database: Database?, table: String) {
        self.database = database
        self.table = table
    }

    /// The database to run on, or ``QueryError/noDatabase``.
    func requireDatabase() throws -> Database {
        guard let database else { throw QueryError.noDatabase(table: table) }
        return database
    }

    /// The database to write to, or ``QueryError/noDatabase``, or, inside a read of it,
    /// ``QueryError/writeInsideRead(table:)``.
    func requireWritableDatabase() throws -> Database {
        let database = try requireDatabase()
        guard !database.isInsideRead else { throw QueryError.writeInsideRead(table: table) }
        return database
    }

    enum Selection: Sendable {
        case column(String)
        case aggregate(String, column: String, alias: String?)
        case sql(String)
        case expression(SQLExpression, alias: String?)
    }

    /// How a join keeps the rows of the query's table.
    enum JoinKind: String, Sendable {
        /// `JOIN`: the rows with a match only.
        case inner = "JOIN"
        /// `LEFT JOIN`: every row, with `NULL`s where nothing matches.
        case left = "LEFT JOIN"
    }

    struct Join: Sendable {
        let kind: JoinKind
        let table: String
        /// The name the joined table goes by in the query, when it is not its own.
        var alias: String? = nil
        let condition: JoinCondition

        /// The name that qualifies the joined table's columns.
        var name: String { alias ?? table }
    }

    enum JoinCondition: Sendable {
        case columns(String, String)
        case sql(String)
        case expression(SQLExpression)
    }

    enum Ordering: Sendable {
        case column(String, OrderDirection)
        case random
        case sql(String)
        case expression(SQLExpression, OrderDirection)
    }

    /// A named select of a `WITH` clause.
    struct CommonTable: Sendable {
        let name: String
        let columns: [String]
        let query: Query
        let isRecursive: Bool
    }

    /// A select joined to the query's by a compound operator.
    struct Compound: Sendable {
        let operation: CompoundOperation
        let query: Query
    }

    struct ConflictClause: Sendable {
        let columns: [String]
        /// nil: `DO NOTHING`; empty: update every set column outside the target.
        let updates: [String]?
    }

    /// The column and value of a `SELECT` that is only `WHERE column = value` on its own
    /// table (a limit of one or more aside): what a lookup by key looks like, when the
    /// column is the key's (a qualified `table.column` never is one).
    var soleEquality: (column: String, value: Value)? {
        guard case .comparison(let column, .equal, let value) = conditions.soleCondition,
            clausesBox?.clauses.fitALookup ?? true
        else { return nil }
        return (column, value)
    }

    /// The query with `change` made: the receiver itself, changed in place when the caller
    /// hands it over (a chain of calls), so that its clauses are not copied.
    consuming func with(_ change: (inout Query) -> Void) -> Query {
        change(&self)
        return self
    }
}

/// A sort direction.
public enum OrderDirection: String, Sendable {
    /// Smallest first.
    case ascending = "ASC"
    /// Largest first.
    case descending = "DESC"
}

extension Database {
    /// A query on `table` ({Bee}'s `FROM`).
    public func from(_ table: String) -> Query {
        Query(database: self, table: table)
    }
}
