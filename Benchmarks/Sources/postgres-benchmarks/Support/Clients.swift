import BeeStorePostgreSQL
import BenchmarkSupport
import FluentKit
import FluentPostgresDriver
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The three clients of one server, each with its own connections: postgres-nio's
/// connection (which also creates and fills the tables), Fluent's database, BeeStore's
/// database. Every one logs nothing below errors.
@BenchmarkActor
final class Clients {
    let connection: PostgresConnection
    let fluent: any FluentKit.Database
    let bee: PostgreSQLDatabase
    private let fluentDatabases: Databases
    let logger: Logger

    private init(connection: PostgresConnection, fluentDatabases: Databases, bee: PostgreSQLDatabase, logger: Logger) {
        self.connection = connection
        self.fluentDatabases = fluentDatabases
        self.bee = bee
        self.logger = logger
        fluent = fluentDatabases.database(logger: logger, on: fluentDatabases.eventLoopGroup.any())!
    }

    /// Connects the three clients to the server of `url` (`postgres://user@host:port/database`),
    /// without TLS.
    static func connect(url: String) async throws -> Clients {
        var logger = Logger(label: "postgres-benchmarks")
        logger.logLevel = .error
        var configuration = try SQLPostgresConfiguration(url: url)
        configuration.coreConfiguration.tls = .disable
        let group = MultiThreadedEventLoopGroup.singleton
        let connection = try await PostgresConnection.connect(
            on: group.any(), configuration: configuration.coreConfiguration, id: 1, logger: logger)
        let databases = Databases(threadPool: NIOThreadPool.singleton, on: group)
        databases.use(.postgres(configuration: configuration, sqlLogLevel: .trace), as: .psql)
        guard databases.database(logger: logger, on: group.any()) != nil else {
            throw BenchmarkFailure("Fluent has no PostgreSQL database")
        }
        return Clients(connection: connection, fluentDatabases: databases, bee: try PostgreSQLDatabase(url: url), logger: logger)
    }

    /// Runs `sql` on postgres-nio's connection (setup and checks).
    func execute(_ sql: String) async throws {
        _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).get()
    }

    /// Creates the `item` table anew, with the samples of ids 1 to `count`.
    func createItemTable(filledUpTo count: Int) async throws {
        try await execute("DROP TABLE IF EXISTS item")
        try await execute(Item.createTableSQL)
        if count > 0 { try await execute(Item.fillSQL(count: count)) }
        try await execute("VACUUM ANALYZE item")
    }

    /// The digest of the `item` table, read back through postgres-nio.
    func itemTableDigest() async throws -> ItemDigest {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT \(Item.columnsSQL) FROM item"), logger: logger)
        var digest = ItemDigest()
        for try await row in rows.decode(FindItem.Row.self) { digest.add(id: row.0, values: Item(row).values) }
        return digest
    }

    /// The server's version string.
    func serverVersion() async throws -> String {
        let rows = try await connection.query("SHOW server_version", logger: logger).get().rows
        return try rows.first?.decode(String.self) ?? "?"
    }

    func close() async {
        bee.close()
        await fluentDatabases.shutdownAsync()
        try? await connection.close()
    }
}
