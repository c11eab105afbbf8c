#if PostgreSQL
import BeeStore

/// Saving, reading and deleting records on either database (see ``SQLDatabase``): each
/// call runs as that database's own form does, with the same relations, keys,
/// timestamps, optimistic locking and errors.
///
/// ```swift
/// var team = Team(name: "Bees", members: [Member(name: "Maya")])
/// try team.save(in: db)
/// let found = try Team.find(team.id, in: db)
/// ```
extension ActiveRecord {
    /// Saves the record with its relations: inserted without a key, inserted or updated by
    /// key otherwise; keys and timestamps are filled in, and nothing is saved on failure.
    @_disfavoredOverload
    public mutating func save(in database: some SQLDatabase, updatingRelated: Bool = false) throws {
        switch database.backend {
        case .sqlite(let database): try save(in: database, updatingRelated: updatingRelated)
        case .postgreSQL(let database): try save(in: database, updatingRelated: updatingRelated)
        }
    }

    /// Inserts the record and its new related records; an existing key is a unique
    /// constraint error.
    @_disfavoredOverload
    public mutating func insert(in database: some SQLDatabase) throws {
        switch database.backend {
        case .sqlite(let database): try insert(in: database)
        case .postgreSQL(let database): try insert(in: database)
        }
    }

    /// Updates the record's row; `RecordError.notSaved` without a key, `RecordError.notFound`
    /// when no row has it.
    @_disfavoredOverload
    public func update(in database: some SQLDatabase, updatingRelated: Bool = false) throws {
        switch database.backend {
        case .sqlite(let database): try update(in: database, updatingRelated: updatingRelated)
        case .postgreSQL(let database): try update(in: database, updatingRelated: updatingRelated)
        }
    }

    /// Updates only the columns whose values differ from those of `old`, the copy loaded
    /// (or last saved); returns false, writing nothing, when nothing changed.
    @_disfavoredOverload
    @discardableResult
    public mutating func updateChanges(in database: some SQLDatabase, from old: Self) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try updateChanges(in: database, from: old)
        case .postgreSQL(let database): try updateChanges(in: database, from: old)
        }
    }

    /// Edits a copy of the record with `edit`, then updates the columns it changed and
    /// keeps the saved copy; returns whether anything was written.
    @_disfavoredOverload
    @discardableResult
    public mutating func updateChanges(in database: some SQLDatabase, _ edit: (inout Self) throws -> Void) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try updateChanges(in: database, edit)
        case .postgreSQL(let database): try updateChanges(in: database, edit)
        }
    }

    /// Deletes the record's row, after applying each to-many relation's delete rule;
    /// returns whether a row was deleted.
    @_disfavoredOverload
    @discardableResult
    public func delete(in database: some SQLDatabase) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try delete(in: database)
        case .postgreSQL(let database): try delete(in: database)
        }
    }

    /// The record with this key, with its required relations; nil when there is none.
    @_disfavoredOverload
    public static func find(_ key: ID, in database: some SQLDatabase) throws -> Self? {
        switch database.backend {
        case .sqlite(let database): try find(key, in: database)
        case .postgreSQL(let database): try find(key, in: database)
        }
    }

    /// The first record whose columns (or properties) hold these values.
    @_disfavoredOverload
    public static func find(by values: [String: (any DatabaseValueConvertible)?], in database: some SQLDatabase) throws -> Self? {
        switch database.backend {
        case .sqlite(let database): try find(by: values, in: database)
        case .postgreSQL(let database): try find(by: values, in: database)
        }
    }

    /// Whether a record has this key.
    @_disfavoredOverload
    public static func exists(_ key: ID, in database: some SQLDatabase) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try exists(key, in: database)
        case .postgreSQL(let database): try exists(key, in: database)
        }
    }

    /// Whether a record's columns (or properties) hold these values.
    @_disfavoredOverload
    public static func exists(by values: [String: (any DatabaseValueConvertible)?], in database: some SQLDatabase) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try exists(by: values, in: database)
        case .postgreSQL(let database): try exists(by: values, in: database)
        }
    }

    /// Every record, in key order.
    @_disfavoredOverload
    public static func all(in database: some SQLDatabase) throws -> [Self] {
        switch database.backend {
        case .sqlite(let database): try all(in: database)
        case .postgreSQL(let database): try all(in: database)
        }
    }

    /// The record with the smallest key, if any.
    @_disfavoredOverload
    public static func first(in database: some SQLDatabase) throws -> Self? {
        switch database.backend {
        case .sqlite(let database): try first(in: database)
        case .postgreSQL(let database): try first(in: database)
        }
    }

    /// The record with the largest key, if any.
    @_disfavoredOverload
    public static func last(in database: some SQLDatabase) throws -> Self? {
        switch database.backend {
        case .sqlite(let database): try last(in: database)
        case .postgreSQL(let database): try last(in: database)
        }
    }

    /// The number of records.
    @_disfavoredOverload
    public static func count(in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try count(in: database)
        case .postgreSQL(let database): try count(in: database)
        }
    }

    /// Deletes the record with this key; returns whether there was one.
    @_disfavoredOverload
    @discardableResult
    public static func delete(_ key: ID, in database: some SQLDatabase) throws -> Bool {
        switch database.backend {
        case .sqlite(let database): try delete(key, in: database)
        case .postgreSQL(let database): try delete(key, in: database)
        }
    }

    /// Deletes every record (and their links); returns how many were deleted.
    @_disfavoredOverload
    @discardableResult
    public static func deleteAll(in database: some SQLDatabase) throws -> Int {
        switch database.backend {
        case .sqlite(let database): try deleteAll(in: database)
        case .postgreSQL(let database): try deleteAll(in: database)
        }
    }
}

extension Array where Element: ActiveRecord {
    /// Saves every record in one transaction: all are saved, or none.
    @_disfavoredOverload
    public mutating func save(in database: some SQLDatabase, updatingRelated: Bool = false) throws {
        switch database.backend {
        case .sqlite(let database): try save(in: database, updatingRelated: updatingRelated)
        case .postgreSQL(let database): try save(in: database, updatingRelated: updatingRelated)
        }
    }
}
#endif
