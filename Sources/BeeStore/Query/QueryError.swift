/// A misuse of a builder, detected before SQLite runs anything.
public enum QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `insert()` with no value set.
    case noValuesToInsert(table: String)
    /// `update()` with no value set.
    case noValuesToUpdate(table: String)
    /// `having` without `groupBy`.
    case havingWithoutGroupBy(table: String)
    /// An empty table or column name.
    case emptyName(String)
    /// A negative `limit` or `offset`.
    case negativeLimit(Int)
    /// A table definition without any field, or a modifier with no field to apply to.
    case noField(table: String)
    /// A primary key declared on a field and on the table, or twice.
    case conflictingPrimaryKey(table: String)
    /// `autoIncrement()` on a field that is not an integer primary key.
    case invalidAutoIncrement(table: String, column: String)
    /// An upsert whose `DO UPDATE` names no column to update.
    case nothingToUpsert(table: String)
    /// A terminal method on a query that has no database (and no shared database was open).
    case noDatabase(table: String)
    /// An infinite or NaN default value, which no SQL literal can hold.
    case nonFiniteDefault(table: String, column: String)
    /// A real default of a column added to an existing table, which `ALTER TABLE … ADD
    /// COLUMN` takes only as a decimal constant, and which this SQLite reads back as
    /// another number (`read`): the column is not added rather than given another default.
    case inexactDefault(table: String, column: String, value: Double, read: Double?)
    /// `insert(returning:)` whose statement returned no row (an upsert that did nothing).
    case noRowReturned(table: String)
    /// Rows of one multi-row insert that do not give the same columns.
    case mismatchedRows(table: String, expected: [String], found: [String])
    /// An aggregate of a relation (`SQLExpression.count(of:)`) in a query that is not a
    /// record query, which alone knows the relation.
    case relationAggregateOutsideRecordQuery(relation: String)
    /// A statement or clause the dialect does not have (`INSERT OR REPLACE` in
    /// PostgreSQL, `RETURNING` before SQLite 3.35).
    case unsupported(feature: String, dialect: SQLDialect)
    /// A write inside a `read` of the same database: reads cannot write; use `write` or
    /// `transaction`.
    case writeInsideRead(table: String)

    /// One line naming the table and what is wrong.
    public var description: String {
        switch self {
        case .noValuesToInsert(let table): "insert into \"\(table)\" sets no value: call set(_:_:) first"
        case .noValuesToUpdate(let table): "update of \"\(table)\" sets no value: call set(_:_:) first"
        case .havingWithoutGroupBy(let table): "having on \"\(table)\" needs a groupBy"
        case .emptyName(let what): "empty \(what) name"
        case .negativeLimit(let value): "limit and offset must not be negative (got \(value))"
        case .noField(let table): "table \"\(table)\" has no field: call field(_:_:) first"
        case .conflictingPrimaryKey(let table): "table \"\(table)\" declares its primary key more than once"
        case .invalidAutoIncrement(let table, let column):
            "autoIncrement on \"\(table)\".\"\(column)\" needs an INTEGER PRIMARY KEY field"
        case .nothingToUpsert(let table): "upsert into \"\(table)\" has no column to update"
        case .nonFiniteDefault(let table, let column):
            "default of \"\(table)\".\"\(column)\" is not a finite number: SQL cannot store infinities or NaN as a default"
        case .inexactDefault(let table, let column, let value, let read):
            "default \(value) of \"\(table)\".\"\(column)\" would read back as \(read.map { "\($0)" } ?? "NULL"): "
                + "this SQLite reads its decimal inexactly; nothing was added"
        case .noRowReturned(let table):
            "insert into \"\(table)\" returned no row: the upsert left the existing row as it was"
        case .mismatchedRows(let table, let expected, let found):
            "rows inserted into \"\(table)\" give different columns: \(expected.joined(separator: ", ")) and "
                + found.joined(separator: ", ")
        case .relationAggregateOutsideRecordQuery(let relation):
            "the aggregate of the relation \"\(relation)\" needs a record query, which knows the relation"
        case .unsupported(let feature, let dialect):
            "\(feature) is not available in \(dialect)"
        case .writeInsideRead(let table):
            "cannot write to \"\(table)\" inside a read: reads cannot write; use write or transaction instead"
        case .noDatabase(let table):
            "query on \"\(table)\" has no database: pass one, or open the shared one with Database.openShared(path:)"
        }
    }
}
