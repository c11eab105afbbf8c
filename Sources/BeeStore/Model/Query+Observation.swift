import Dispatch
import Foundation

extension Query {
    /// The tables the query reads: its own and those it joins.
    package var observedTables: Set<String> {
        Set([table] + joins.map(\.table))
    }

    /// The integer values that the columns of the query's own table must hold in every
    /// row it reads, by column name: its conditions, when all are joined by `AND`, that
    /// compare a column with `=` to an integer or keep it `IN` a list of integers (the
    /// values of several such conditions on one column are intersected). When one of these
    /// columns is the table's row id, an observation follows those rows only.
    var observedKeys: [String: Set<Int64>] {
        var keys: [String: Set<Int64>] = [:]
        var joinedByOr = false
        conditions.forEachTerm { term in
            if term.conjunction == .or { joinedByOr = true }
            guard let key = Self.keyValues(term.condition), let column = ownColumn(key.column) else { return }
            keys[column] = keys[column].map { $0.intersection(key.values) } ?? key.values
        }
        return joinedByOr ? [:] : keys
    }

    /// The column and the integers a condition holds it to, when it is such a condition.
    private static func keyValues(_ condition: Conditions.Condition) -> (column: String, values: Set<Int64>)? {
        switch condition {
        case .comparison(let column, .equal, let value):
            return Self.integers([value]).map { (column, $0) }
        case .inList(let column, let list, negated: false), .inJSONArray(let column, let list, negated: false):
            return Self.integers(list).map { (column, $0) }
        default:
            return nil
        }
    }

    private static func integers(_ values: [Value]) -> Set<Int64>? {
        var integers: Set<Int64> = []
        for value in values {
            guard case .integer(let integer) = value else { return nil }
            integers.insert(integer)
        }
        return integers
    }

    /// The name of a column of the query's own table as a condition names it (plainly,
    /// or after the table's name and a dot); nil for another table's.
    private func ownColumn(_ reference: String) -> String? {
        guard let dot = reference.lastIndex(of: ".") else { return reference }
        let qualifier = reference[..<dot].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard qualifier.isSameSQLName(as: table) else { return nil }
        return String(reference[reference.index(after: dot)...])
    }

    /// Observes the query's rows: `onChange` is called on `queue` with them at once, then
    /// after each committed transaction that changed a row or column the query reads
    /// (inserted or deleted a row it could see, or updated a column it selects, filters,
    /// orders or joins on, of a row it could see); when
    /// `removingDuplicates`, rows equal to the ones delivered last are not delivered
    /// again. Runs until the token is cancelled or the database is released. Rows are
    /// delivered on `queue` (by default a serial queue of the observation's own).
    ///
    /// ```swift
    /// let token = try db.from("player").orderDesc("score").limit(10).observe(removingDuplicates: true) { rows in
    ///     print(rows.map { $0["name"] })
    /// }
    /// ```
    public func observe(
        on queue: DispatchQueue? = nil,
        removingDuplicates: Bool = false,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable ([Row]) -> Void
    ) throws -> ObservationToken {
        let database = try requireDatabase()
        let statement = try selectStatement()
        return database.startObserving(
            region: try observedRegion(statement, in: database), on: queue,
            externalChangeInterval: Database.externalChangeInterval,
            isDuplicate: Database.equality(removingDuplicates),
            fetch: { try $0.fetchAll(statement.sql, statement.statementArguments) }, onError: onError, onChange: onChange)
    }

    /// What `statement`, this query's, reads.
    private func observedRegion(_ statement: SQLStatement, in database: Database) throws -> ObservedRegion {
        try .statement(statement, of: self, in: database)
    }

    /// The query's rows as an asynchronous sequence: now, then after each committed
    /// transaction that changed a table the query reads (when `removingDuplicates`, only
    /// when they differ from the rows before).
    public func values(removingDuplicates: Bool = false) throws -> AsyncThrowingStream<[Row], any Error> {
        let database = try requireDatabase()
        let statement = try selectStatement()
        return database.valueStream(
            region: try observedRegion(statement, in: database), externalChangeInterval: Database.externalChangeInterval,
            isDuplicate: Database.equality(removingDuplicates)
        ) {
            try $0.fetchAll(statement.sql, statement.statementArguments)
        }
    }
}
