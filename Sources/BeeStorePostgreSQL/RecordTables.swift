#if PostgreSQL
import BeeStore
import Foundation

/// The record types whose tables a ``PostgreSQLDatabase`` has made sure of: created when
/// missing (with the tables their relations reach), in native types, once per type.
/// Existing tables are mapped as they are, never altered.
final class RecordTables: @unchecked Sendable {
    // Unchecked: `ready` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var ready: Set<ObjectIdentifier> = []

    /// Creates the tables of `Record` that are missing, unless done before, on
    /// `connection`. Outside a transaction the creation commits on its own, under an
    /// advisory lock so that servers booting together do not race; inside one it joins
    /// that transaction, and counts as done once that transaction commits (until then,
    /// the next writes of the type make sure again: it may roll back).
    func ensure<Record: ActiveRecord>(_ type: Record.Type, on connection: PostgreSQLConnection) throws {
        let typeID = ObjectIdentifier(type)
        guard !lock.withLock({ ready.contains(typeID) }) else { return }
        let statements = try Record.tableCreationStatements(in: .postgreSQL)
        let joinsTransaction = connection.isInTransaction
        try connection.transaction { connection in
            try connection.execute(ServerStatements.transactionLock, [ServerStatements.recordTablesLockKey])
            for statement in statements { try connection.execute(statement) }
        }
        if joinsTransaction {
            connection.afterCommit { [self] in lock.withLock { _ = ready.insert(typeID) } }
        } else {
            lock.withLock { _ = ready.insert(typeID) }
        }
    }
}
#endif
