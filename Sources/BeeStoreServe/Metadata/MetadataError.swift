/// A metadata file (`beestore serve --metadata FILE`) that cannot be used: unreadable, not
/// JSON, or holding a key or value the server does not know. The server refuses to start.
package struct MetadataError: Error, Equatable, CustomStringConvertible {
    /// Where in the file the problem is, as a path of keys (`databases.chinook.queries.top`),
    /// or empty for the whole file.
    package let location: String
    /// What is wrong there.
    package let problem: String

    /// An error at `location` saying `problem`.
    init(at location: [String], _ problem: String) {
        self.location = location.joined(separator: ".")
        self.problem = problem
    }

    package var description: String {
        location.isEmpty ? "metadata file: \(problem)" : "metadata file, at \(location): \(problem)"
    }
}
