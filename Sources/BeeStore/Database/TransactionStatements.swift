/// The statements that begin and commit a connection's transactions, each prepared on
/// its first use and kept apart from the statement cache: there, the texts of `BEGIN` and
/// `COMMIT`, alternating with the transaction's own statements, missed the cache's
/// shortcut for the text used last and were hashed at every transaction (about 3,600
/// instructions a write transaction of one row).
struct TransactionStatements {
    /// `BEGIN … TRANSACTION`, by kind: deferred, immediate, exclusive.
    private var begin: [Statement?] = [nil, nil, nil]
    private var commit: Statement?

    /// The statement that begins a transaction of `kind` on `connection`.
    mutating func begin(_ kind: TransactionKind, on connection: Connection) throws -> Statement {
        let slot = switch kind {
        case .deferred: 0
        case .immediate: 1
        case .exclusive: 2
        }
        if let statement = begin[slot] { return statement }
        let statement = try connection.makeStatement(SQLDialect.sqlite.beginTransaction(kind))
        begin[slot] = statement
        return statement
    }

    /// The statement that commits the open transaction of `connection`.
    mutating func commit(on connection: Connection) throws -> Statement {
        if let commit { return commit }
        let statement = try connection.makeStatement(SQLDialect.sqlite.commitTransaction)
        commit = statement
        return statement
    }
}
