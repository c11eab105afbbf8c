#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation

/// A new, empty database of one backend, made for one test: a SQLite file in a temporary
/// folder, or a database of its own on the test server. The shared tests reach either
/// through it, so that each assertion is written once.
final class BackendDatabase: BackendSQL, Sendable {
    /// The database a backend opened.
    enum Store: Sendable {
        case sqlite(Database)
        case postgresql(PostgreSQLDatabase)
    }

    let backend: Backend
    let store: Store
    /// The folder of a SQLite file, shared by every ``BackendDatabase`` opened on it.
    private let folder: TemporaryFolder?

    private init(_ store: Store, in folder: TemporaryFolder?) {
        switch store {
        case .sqlite: backend = .sqlite
        case .postgresql: backend = .postgresql
        }
        self.store = store
        self.folder = folder
    }

    deinit {
        if case .postgresql(let database) = store { database.close() }
    }

    /// A new, empty database of `backend`.
    static func fresh(_ backend: Backend) throws -> BackendDatabase {
        switch backend {
        case .sqlite:
            let folder = try TemporaryFolder()
            return BackendDatabase(.sqlite(try Database(path: folder.databasePath)), in: folder)
        case .postgresql:
            return BackendDatabase(.postgresql(try TestServer.freshDatabase()), in: nil)
        }
    }

    /// Another database value on the same database, as another process or server opens it.
    /// Keep it while anything uses its database: releasing it closes a PostgreSQL database.
    func another() throws -> BackendDatabase {
        switch store {
        case .sqlite(let database):
            BackendDatabase(.sqlite(try Database(path: database.path)), in: folder)
        case .postgresql(let database):
            BackendDatabase(.postgresql(try PostgreSQLDatabase(configuration: database.configuration)), in: nil)
        }
    }

    /// The database, as code written for either backend takes it.
    var database: any SQLDatabase {
        switch store {
        case .sqlite(let database): database
        case .postgresql(let database): database
        }
    }

    var runner: any SQLRunner {
        switch store {
        case .sqlite(let database): database
        case .postgresql(let database): database
        }
    }

    /// Runs `body` in a transaction (a savepoint when nested): committed when it returns,
    /// rolled back when it throws.
    func transaction<T>(_ body: (BackendConnection) throws -> T) throws -> T {
        switch store {
        case .sqlite(let database):
            try database.transaction { try body(BackendConnection(backend: backend, runner: $0)) }
        case .postgresql(let database):
            try database.transaction { try body(BackendConnection(backend: backend, runner: $0)) }
        }
    }

    /// Runs `body` in a read-only transaction.
    func read<T>(_ body: (BackendConnection) throws -> T) throws -> T {
        switch store {
        case .sqlite(let database):
            try database.read { try body(BackendConnection(backend: backend, runner: $0)) }
        case .postgresql(let database):
            try database.read { try body(BackendConnection(backend: backend, runner: $0)) }
        }
    }
}

/// A folder under the system's temporary directory for a test's SQLite file, removed when
/// the last database on it is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("BeeStoreSharedBackend-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of the test's database file.
    var databasePath: String {
        url.appendingPathComponent("shared.sqlite").path
    }
}
#endif
