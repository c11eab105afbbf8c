import Foundation

/// What a metadata file (`beestore serve --metadata FILE`, JSON) says of the server, its
/// databases and their tables, and the canned queries of each database:
///
/// ```json
/// {"title": "Music", "license": "CC BY 4.0", "license_url": "https://…",
///  "databases": {"Chinook": {"description": "A record shop",
///    "tables": {"Track": {"description": "One row per song"}},
///    "queries": {"long_tracks": {"sql": "select Name from Track where Milliseconds > :ms",
///                                "title": "Long tracks"}}}}}
/// ```
///
/// Every level takes `title`, `description`, `license`, `license_url`, `source` and
/// `source_url`; a query is its SQL alone or an object with `sql`, `title` and
/// `description`. A key the server does not know is an error, so that a misspelt one is
/// not ignored.
package struct ServeMetadata: Sendable, Equatable {
    /// What the file says of the server itself, shown on its page of databases.
    package var about = MetadataDescription()
    /// What it says of each database, by the database's URL name.
    package var databases: [String: DatabaseMetadata] = [:]

    /// Metadata saying nothing.
    package init() {}

    /// The metadata of the JSON file at `path`.
    package init(contentsOfFile path: String) throws(MetadataError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw MetadataError(at: [], "cannot read \(path): \(error.localizedDescription)")
        }
        try self.init(json: data)
    }

    /// The metadata of a JSON document.
    package init(json: Data) throws(MetadataError) {
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw MetadataError(at: [], "not JSON: \(error.localizedDescription)")
        }
        var reader = try MetadataReader(document, at: [])
        about = try MetadataDescription(reading: &reader)
        for (name, value) in try reader.members("databases") {
            databases[name] = try DatabaseMetadata(reading: value, at: ["databases", name])
        }
        try reader.finish()
    }

    /// Checks that every database the file names is served: `names` are the URL names of
    /// the served databases.
    package func check(servedNames names: [String]) throws(MetadataError) {
        for name in databases.keys.sorted() where !names.contains(name) {
            throw MetadataError(
                at: ["databases", name], "no database of that name is served (served: \(names.joined(separator: ", ")))")
        }
    }
}

/// What the metadata file says of one database: its description, its tables' and its
/// canned queries.
package struct DatabaseMetadata: Sendable, Equatable {
    /// The database's own title, description, license and source.
    var about = MetadataDescription()
    /// The description of each table, by name.
    var tables: [String: MetadataDescription] = [:]
    /// The database's canned queries, ordered by name.
    var queries: [CannedQuery] = []

    /// Metadata saying nothing.
    package init() {}

    init(reading value: Any, at location: [String]) throws(MetadataError) {
        var reader = try MetadataReader(value, at: location)
        about = try MetadataDescription(reading: &reader)
        for (name, table) in try reader.members("tables") {
            var tableReader = try MetadataReader(table, at: location + ["tables", name])
            tables[name] = try MetadataDescription(reading: &tableReader)
            try tableReader.finish()
        }
        for (name, query) in try reader.members("queries") {
            queries.append(try CannedQuery(name: name, reading: query, at: location + ["queries", name]))
        }
        queries.sort { $0.name < $1.name }
        try reader.finish()
    }

    /// The canned query named `name`.
    func query(named name: String) -> CannedQuery? {
        queries.first { $0.name == name }
    }
}

/// A named, read-only query of a database, from the metadata file: its page shows a form
/// of its parameters (`:name`) and its rows, and exports them as CSV or JSON.
package struct CannedQuery: Sendable, Equatable {
    /// The query's name, in its URL.
    let name: String
    /// Its SQL, with named parameters.
    let sql: String
    /// What its page says of it.
    var about = MetadataDescription()

    init(name: String, reading value: Any, at location: [String]) throws(MetadataError) {
        guard !name.isEmpty else { throw MetadataError(at: location, "a query needs a name") }
        self.name = name
        if let sql = value as? String {
            self.sql = sql
        } else {
            var reader = try MetadataReader(value, at: location)
            guard let sql = try reader.string("sql"), !sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw MetadataError(at: location + ["sql"], "a query needs its SQL")
            }
            self.sql = sql
            about.title = try reader.string("title")
            about.description = try reader.string("description")
            try reader.finish()
        }
    }
}

/// The title, description, license and source that any level of the metadata may give.
package struct MetadataDescription: Sendable, Equatable {
    var title: String?
    var description: String?
    var license: String?
    var licenseURL: String?
    var source: String?
    var sourceURL: String?

    /// A description saying nothing.
    init() {}

    init(reading reader: inout MetadataReader) throws(MetadataError) {
        title = try reader.string("title")
        description = try reader.string("description")
        license = try reader.string("license")
        licenseURL = try reader.webAddress("license_url")
        source = try reader.string("source")
        sourceURL = try reader.webAddress("source_url")
    }
}

/// Reads the members of one JSON object of the metadata, each once, and reports at the
/// end any member left unread: a key the server does not know.
struct MetadataReader {
    private let object: [String: Any]
    private let location: [String]
    private var unread: Set<String>

    init(_ value: Any, at location: [String]) throws(MetadataError) {
        guard let object = value as? [String: Any] else { throw MetadataError(at: location, "expected a JSON object") }
        self.object = object
        self.location = location
        unread = Set(object.keys)
    }

    /// The text of member `key`, or nil when it is missing or null.
    mutating func string(_ key: String) throws(MetadataError) -> String? {
        guard let value = take(key) else { return nil }
        guard let text = value as? String else { throw MetadataError(at: location + [key], "expected a string") }
        return text
    }

    /// The text of member `key`, which must be an http or https address.
    mutating func webAddress(_ key: String) throws(MetadataError) -> String? {
        guard let text = try string(key) else { return nil }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
            throw MetadataError(at: location + [key], "expected an http:// or https:// address, not \(text)")
        }
        return text
    }

    /// The members of the object `key`, by name, in name order.
    mutating func members(_ key: String) throws(MetadataError) -> [(String, Any)] {
        guard let value = take(key) else { return [] }
        guard let members = value as? [String: Any] else { throw MetadataError(at: location + [key], "expected a JSON object") }
        return members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Fails when a member was left unread.
    func finish() throws(MetadataError) {
        if let key = unread.sorted().first { throw MetadataError(at: location + [key], "unknown key") }
    }

    private mutating func take(_ key: String) -> Any? {
        unread.remove(key)
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }
}
