/// Lookups on the record type itself, on the shared database unless one is given.
extension ActiveRecord {
    /// Whether a record has this key: Rails' `exists?(id)`, GRDB's `exists(db, key:)`.
    public static func exists(_ key: ID, in database: (any DatabaseProvider)? = nil) throws -> Bool {
        guard let key = key.savedKey else { return false }
        let (query, _, schema) = try query().prepare(database)
        return try query.where(key: schema.qualifiedPrimaryKeyNames, equals: schema.keyParts(of: key)).exists()
    }

    /// The first record whose columns (or properties) hold these values, every one of
    /// them, with its required relations: Rails' `find_by`.
    ///
    /// ```swift
    /// let swift = try Bookmark.find(by: ["url": "https://swift.org"], in: db)
    /// ```
    public static func find(by values: [String: (any DatabaseValueConvertible)?], in database: (any DatabaseProvider)? = nil) throws -> Self? {
        try query().find(by: values, in: database)
    }

    /// Whether a record holds these values in its columns (or properties): Rails'
    /// `exists?(url: …)`.
    public static func exists(by values: [String: (any DatabaseValueConvertible)?], in database: (any DatabaseProvider)? = nil) throws -> Bool {
        try query().exists(by: values, in: database)
    }
}
