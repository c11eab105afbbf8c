/// Where record operations run: a ``Database``, or the ``Connection`` that one of its
/// `read`, `write` or `transaction` closures was handed.
///
/// Record operations (`save(in:)`, `find(_:in:)`, `records(in:)`, …) take either, so
/// that several of them group in one transaction:
///
/// ```swift
/// try db.transaction { connection in
///     try author.save(in: connection)
///     try Post.where("author_id", author.id).deleteAll(in: connection)
/// }
/// ```
public protocol DatabaseProvider: AnyObject {
    /// The database operations run on. A connection answers with its database while the
    /// closure that handed it out runs on the calling thread, and throws a
    /// ``DatabaseError`` (`misuse`) once that closure has returned, or on another thread.
    var database: Database { get throws }
}

extension Database: DatabaseProvider {
    /// The database itself.
    public var database: Database { self }
}

extension Connection: DatabaseProvider {
    /// The database whose `read`, `write` or `transaction` closure handed this connection
    /// to the calling thread; a ``DatabaseError`` (`misuse`) outside that closure.
    public var database: Database {
        get throws {
            guard let database = ThreadContext.current.database(holding: self) else {
                throw DatabaseError(
                    code: .misuse,
                    message: "the connection is used outside the read, write or transaction closure that handed it out")
            }
            return database
        }
    }
}
