import Foundation

/// What the command line asks for.
struct Options {
    /// Where to read the nodes from; nil for the sample bundled with the example.
    var url: URL?
    /// The database file to create; nil for one in a temporary directory.
    var databasePath: String?

    static let usage = """
        usage: RubyChinaNodes [--url URL] [--database PATH]

          --url URL         read the nodes from URL (such as https://ruby-china.org/api/v3/nodes.json)
                            instead of the sample bundled with the example
          --database PATH   keep the database in a new file at PATH instead of a temporary one
        """

    /// The options in `arguments` (without the program name).
    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--url":
                guard let text = remaining.popFirst() else { throw UsageError("--url needs a URL") }
                guard let url = URL(string: text), url.scheme != nil else { throw UsageError("not a URL: \(text)") }
                self.url = url
            case "--database":
                guard let path = remaining.popFirst() else { throw UsageError("--database needs a path") }
                databasePath = path
            case "-h", "--help":
                throw UsageError(nil)
            default:
                throw UsageError("unknown argument: \(argument)")
            }
        }
    }
}

/// A command line that cannot be run; without a message, a request for help.
struct UsageError: Error {
    var message: String?

    init(_ message: String?) {
        self.message = message
    }
}
