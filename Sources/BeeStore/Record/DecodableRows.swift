/// Any `Decodable` type read from rows, by column name (see ``Row/decode(as:)``): from
/// SQL, on a connection or a database, and from the query builder.
///
/// ```swift
/// struct Visit: Decodable {
///     var url: String
///     var visits: Int
///     var lastVisit: Date?
/// }
/// let visits = try db.fetchAll(Visit.self, "SELECT url, visits, lastVisit FROM bookmark WHERE visits > ?", [10])
/// let top = try db.from("bookmark").orderDesc("visits").fetchOne(Visit.self)
/// ```
extension Row {
    /// The row as a `Decodable` value: each property from the column its coding key
    /// names, converted as a record's columns are (a nested `Codable` value from JSON
    /// text); a row of one column also decodes as one value (`Int`, `String?`). A missing
    /// column for a property that is not optional, or a value that does not convert, is
    /// a ``ConversionError`` naming the column.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try RowDecoder.decode(type, from: self)
    }
}

extension Connection {
    /// Runs a query and decodes each of its rows as `T` (see ``Row/decode(as:)``).
    public func fetchAll<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = []) throws -> [T] {
        var values: [T] = []
        try cachedStatement(sql).forEachRow(arguments) { values.append(try $0.decode(as: type)) }
        return values
    }

    /// Runs a query and decodes its first row as `T`, if there is one.
    public func fetchOne<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = []) throws -> T? {
        try fetchOne(sql, arguments)?.decode(as: type)
    }
}

extension Database {
    /// Runs a query and decodes each of its rows as `T` (see ``Row/decode(as:)``).
    public func fetchAll<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = []) throws -> [T] {
        try withReader(inTransaction: false) { try $0.fetchAll(type, sql, arguments) }
    }

    /// Runs a query and decodes its first row as `T`, if there is one.
    public func fetchOne<T: Decodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = []) throws -> T? {
        try withReader(inTransaction: false) { try $0.fetchOne(type, sql, arguments) }
    }
}

extension Query {
    /// The selected rows, each decoded as `T` (see ``Row/decode(as:)``).
    public func fetchAll<T: Decodable>(_ type: T.Type) throws -> [T] {
        let statement = try selectStatement()
        return try requireDatabase().fetchAll(type, statement.sql, statement.statementArguments)
    }

    /// The first selected row decoded as `T`, if there is one (its limit becomes 1).
    public func fetchOne<T: Decodable>(_ type: T.Type) throws -> T? {
        let statement = try selectStatement(limit: 1)
        return try requireDatabase().fetchOne(type, statement.sql, statement.statementArguments)
    }
}
