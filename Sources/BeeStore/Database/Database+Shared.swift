extension Database {
    private static let sharedStorage = Protected<Database?>(nil)

    /// The process-wide database opened by ``openShared(path:configuration:)``, as {Bee}'s
    /// shared database; nil until one is opened. Records use it when no database is given.
    public static var shared: Database? {
        sharedStorage.value
    }

    /// Opens the database at `path` and makes it ``shared``, replacing (and closing) any
    /// previous shared database.
    @discardableResult
    public static func openShared(path: String, configuration: Configuration = Configuration()) throws -> Database {
        try setShared(Database(path: path, configuration: configuration))
    }

    /// Makes an already open database the ``shared`` one, replacing (and closing) any previous one.
    @discardableResult
    public static func setShared(_ database: Database) -> Database {
        let previous = sharedStorage.withLock { shared in
            defer { shared = database }
            return shared
        }
        if let previous, previous !== database {
            previous.close()
        }
        return database
    }

    /// Closes the shared database, if any, and forgets it.
    public static func closeShared() {
        sharedStorage.withLock { shared in
            defer { shared = nil }
            return shared
        }?.close()
    }
}
