#if PostgreSQL
import Foundation

extension PostgreSQLConfiguration {
    /// A configuration read from a connection URL, as libpq and most tools write it:
    /// `postgres://USER[:PASSWORD]@HOST[:PORT][/DATABASE][?sslmode=disable|prefer|require]`
    /// (`postgresql://` too; user and password percent-encoded).
    ///
    /// Throws ``PostgreSQLError`` (``PostgreSQLError/Kind/configuration``) for another
    /// scheme, a URL without a host or a user, or an unknown `sslmode`.
    public init(url: String) throws {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else {
            throw PostgreSQLError(kind: .configuration, message: "not a postgres:// URL")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgreSQLError(kind: .configuration, message: "the URL names no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PostgreSQLError(kind: .configuration, message: "the URL names no user")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.init(
            host: host, port: components.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: path.isEmpty ? nil : path.removingPercentEncoding ?? path)
        for item in components.queryItems ?? [] where item.name == "sslmode" {
            switch item.value {
            case "disable": tls = .disable
            case "allow", "prefer": tls = .prefer
            case "require", "verify-ca", "verify-full": tls = .require
            default:
                throw PostgreSQLError(kind: .configuration, message: "unknown sslmode \(item.value ?? "")")
            }
        }
    }
}
#endif
