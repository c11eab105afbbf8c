#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Foundation
import Testing

/// The server the suite runs against: `BEESTORE_POSTGRES_URL` (`.ci/run` starts one with
/// `Scripts/postgres-server.sh`). Each test gets a database of its own, made afresh.
enum TestServer {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "BEESTORE_POSTGRES_URL is not set: start a server with `export BEESTORE_POSTGRES_URL=$(bash Scripts/postgres-server.sh start)`"
        }
    }

    /// The server's configuration, or ``Missing``: with the trait on, the suite needs a server.
    static func configuration() throws -> PostgreSQLConfiguration {
        guard let url = ProcessInfo.processInfo.environment["BEESTORE_POSTGRES_URL"] else { throw Missing() }
        return try PostgreSQLConfiguration(url: url)
    }

    /// A new, empty database on the server, opened with `configure` applied.
    static func freshDatabase(_ configure: (inout PostgreSQLConfiguration) -> Void = { _ in }) throws -> PostgreSQLDatabase {
        var configuration = try configuration()
        configuration.database = try freshDatabaseName()
        configure(&configuration)
        return try PostgreSQLDatabase(configuration: configuration)
    }

    /// The URL of a new, empty database on the server.
    static func freshDatabaseURL() throws -> String {
        let configuration = try configuration()
        return "postgres://\(configuration.username)@\(configuration.host):\(configuration.port)/\(try freshDatabaseName())"
    }

    /// Creates a database of a new name on the server and returns the name.
    private static func freshDatabaseName() throws -> String {
        let name = "beestore_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgreSQLDatabase(configuration: configuration())
        defer { admin.close() }
        try admin.execute("CREATE DATABASE \(name)")
        return name
    }
}
#endif
