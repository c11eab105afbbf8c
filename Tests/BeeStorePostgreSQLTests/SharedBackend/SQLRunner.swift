#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL

/// What runs SQL text with bound values: a database of either backend, or the connection
/// one of its transactions hands out. The four have these methods already, with these
/// signatures; the protocol only names them together.
protocol SQLRunner {
    func execute(_ sql: String, _ arguments: StatementArguments) throws
    func fetchAll(_ sql: String, _ arguments: StatementArguments) throws -> [Row]
    func fetchOne(_ sql: String, _ arguments: StatementArguments) throws -> Row?
    func fetchValue<T: DatabaseValueConvertible>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments) throws -> T?
}

extension Database: SQLRunner {}
extension Connection: SQLRunner {}
extension PostgreSQLDatabase: SQLRunner {}
extension PostgreSQLConnection: SQLRunner {}

/// SQL written once, with `?` placeholders, run on either backend: the placeholders are
/// the backend's (see ``Backend/placeholders(_:)``).
protocol BackendSQL {
    var backend: Backend { get }
    var runner: any SQLRunner { get }
}

extension BackendSQL {
    func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try runner.execute(backend.placeholders(sql), arguments)
    }

    func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try runner.fetchAll(backend.placeholders(sql), arguments)
    }

    func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        try runner.fetchOne(backend.placeholders(sql), arguments)
    }

    func fetchValue<T: DatabaseValueConvertible>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> T? {
        try runner.fetchValue(type, backend.placeholders(sql), arguments)
    }
}

/// The connection a transaction of a ``BackendDatabase`` hands out.
struct BackendConnection: BackendSQL {
    let backend: Backend
    let runner: any SQLRunner
}
#endif
