#if PostgreSQL
import BeeStore

/// Opens the database `location` names, as the one setting an app reads from its
/// configuration (a `DATABASE_URL`):
///
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or `postgresql://`, with the
///   query items ``PostgreSQLConfiguration/init(url:)`` reads) opens a PostgreSQL server;
/// - `sqlite:PATH` or `sqlite://PATH` opens the SQLite file at `PATH`, created when
///   missing (`sqlite:///var/shop.sqlite` names the absolute path `/var/shop.sqlite`),
///   and so does a path without a scheme; `:memory:` opens a private database in memory;
/// - a `file:` URI is handed to SQLite as it is (`file:shop.sqlite?mode=ro`).
///
/// Schemes are read without regard to case. Another scheme (`mysql://`), `postgres:`
/// without `//`, or a location that names no file is a ``PostgreSQLError`` of kind
/// `.configuration`, before anything is opened.
///
/// ```swift
/// let db = try openDatabase(ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "shop.sqlite")
/// ```
public func openDatabase(_ location: String) throws -> any SQLDatabase {
    guard let (scheme, rest) = schemeAndRest(of: location) else { return try openSQLite(path: location) }
    switch scheme.lowercased() {
    case "postgres", "postgresql":
        guard rest.unicodeScalars.starts(with: "//".unicodeScalars) else {
            throw PostgreSQLError(kind: .configuration, message: "a PostgreSQL URL starts with \(scheme)://")
        }
        return try PostgreSQLDatabase(url: location)
    case "sqlite":
        let path = rest.unicodeScalars.starts(with: "//".unicodeScalars) ? String(rest.unicodeScalars.dropFirst(2)) : rest
        return try openSQLite(path: path)
    case "file":
        return try openSQLite(path: location)
    default:
        guard !rest.unicodeScalars.starts(with: "//".unicodeScalars) else {
            throw PostgreSQLError(
                kind: .configuration, message: "a database URL's scheme is postgres, postgresql or sqlite, not \(scheme)")
        }
        return try openSQLite(path: location)
    }
}

/// The SQLite database at `path`; a ``PostgreSQLError`` of kind `.configuration` for an
/// empty path, which SQLite would open as a private temporary database.
private func openSQLite(path: String) throws -> Database {
    guard !path.isEmpty else { throw PostgreSQLError(kind: .configuration, message: "the database location names no file") }
    return try Database(path: path)
}

/// The scheme of `location` (an ASCII letter, then letters, digits, `+`, `-` or `.`,
/// before a `:`) and what follows the `:`; nil when it has none.
private func schemeAndRest(of location: String) -> (scheme: String, rest: String)? {
    var scheme = String.UnicodeScalarView()
    for scalar in location.unicodeScalars {
        if scalar == ":" {
            guard !scheme.isEmpty else { return nil }
            return (String(scheme), String(location.unicodeScalars.dropFirst(scheme.count + 1)))
        }
        let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        let isSchemeScalar = isLetter || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
        guard scheme.isEmpty ? isLetter : isSchemeScalar else { return nil }
        scheme.append(scalar)
    }
    return nil
}
#endif
