#if PostgreSQL
import BeeStore
import BeeStorePostgreSQL
import Testing

@Suite struct ConfigurationTests {
    @Test func readsEveryPartOfAURL() throws {
        let configuration = try PostgreSQLConfiguration(
            url: "postgresql://app%40shop:p%3Ass@db.example.com:6543/shop%20data?sslmode=require")
        #expect(configuration.host == "db.example.com")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "app@shop")
        #expect(configuration.password == "p:ss")
        #expect(configuration.database == "shop data")
        #expect(configuration.tls == .require)
    }

    @Test func defaultsThePortTheDatabaseAndTLS() throws {
        let configuration = try PostgreSQLConfiguration(url: "postgres://app@127.0.0.1")
        #expect(configuration.port == 5432)
        #expect(configuration.database == nil)
        #expect(configuration.password == nil)
        #expect(configuration.tls == .disable)
    }

    @Test(arguments: [
        "mysql://app@host/db", "postgres:///db", "postgres://host/db", "postgres://app@host/db?sslmode=maybe", "not a url",
    ])
    func refusesAURLThatCannotWork(url: String) {
        #expect {
            try PostgreSQLConfiguration(url: url)
        } throws: { error in
            (error as? PostgreSQLError)?.kind == .configuration
        }
    }

    @Test(arguments: ["postgres://app@127.0.0.1:70000/db", "postgres://app@127.0.0.1:0/db"])
    func refusesAPortOutsideTCPsRangeBeforeConnecting(url: String) throws {
        let error = #expect(throws: PostgreSQLError.self) { try PostgreSQLDatabase(url: url) }
        #expect(error?.kind == .configuration)
        var configuration = try PostgreSQLConfiguration(url: "postgres://app@127.0.0.1/db")
        configuration.port = -1
        #expect(throws: PostgreSQLError.self) { try PostgreSQLDatabase(configuration: configuration) }
    }

    @Test func namesTheNearestSQLiteResultCode() {
        #expect(PostgreSQLError(kind: .statement, sqlState: "23505", message: "").resultCode == .uniqueConstraint)
        #expect(PostgreSQLError(kind: .statement, sqlState: "23503", message: "").resultCode == .foreignKeyConstraint)
        #expect(PostgreSQLError(kind: .statement, sqlState: "23514", message: "").resultCode == .constraint)
        #expect(PostgreSQLError(kind: .statement, sqlState: "40P01", message: "").isTransient)
        #expect(!PostgreSQLError(kind: .statement, sqlState: "42601", message: "").isTransient)
        #expect(PostgreSQLError(kind: .connection, message: "").resultCode == .cantOpen)
    }
}
#endif
