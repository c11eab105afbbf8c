#if PostgreSQL
import BeeStore

/// Opens the database `location` names, as the one setting an app reads from its
/// configuration (a `DATABASE_URL`):
///
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or `postgresql://`, with the
///   query items ``PostgreSQLConfiguration/init(url:)`` reads) opens a PostgreSQL server;
/// - `sqlite://PATH` (`sqlite:///tmp/shop.sqlite` for an absolute path), `sqlite:PATH`,
///   or a path without a scheme opens a SQLite file, created when missing; `:memory:` a
///   database in memory.
///
/// Another scheme (`mysql://`) is a ``PostgreSQLError`` of kind `.configuration`.
///
/// ```swift
/// let db = try openDatabase(ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "shop.sqlite")
/// ```
public func openDatabase(_ location: String) throws -> any SQLDatabase {
    if let scheme = urlScheme(of: location) {
        switch scheme.lowercased() {
        case "postgres", "postgresql":
            return try PostgreSQLDatabase(url: location)
        case "sqlite":
            return try Database(path: String(location.unicodeScalars.dropFirst(scheme.unicodeScalars.count + 3)))
        default:
            throw PostgreSQLError(
                kind: .configuration, message: "a database URL's scheme is postgres, postgresql or sqlite, not \(scheme)")
        }
    }
    let sqlitePrefix = "sqlite:"
    if location.utf8.starts(with: sqlitePrefix.utf8) {
        return try Database(path: String(location.unicodeScalars.dropFirst(sqlitePrefix.unicodeScalars.count)))
    }
    return try Database(path: location)
}

/// The scheme of `location` when it is a URL (`scheme://…`, the scheme an ASCII letter
/// followed by letters, digits, `+`, `-` or `.`); nil for a path.
private func urlScheme(of location: String) -> String? {
    var scheme = String.UnicodeScalarView()
    for scalar in location.unicodeScalars {
        if scalar == ":" {
            guard !scheme.isEmpty, location.unicodeScalars.dropFirst(scheme.count + 1).starts(with: "//".unicodeScalars) else {
                return nil
            }
            return String(scheme)
        }
        let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        let isSchemeScalar = isLetter || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
        guard scheme.isEmpty ? isLetter : isSchemeScalar else { return nil }
        scheme.append(scalar)
    }
    return nil
}
#endif
