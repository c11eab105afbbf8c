#if PostgreSQL
import BeeStore

/// Lifecycle hooks that run on either database: each is given the ``SQLDatabase`` the
/// save or delete writes to, a SQLite ``BeeStore/Database`` or a ``PostgreSQLDatabase``.
///
/// The hooks of ``BeeStore/ActiveRecord`` take a SQLite `Database`, so they run on SQLite
/// only. A record type that conforms to `SQLDatabaseHooks` implements the forms taking
/// `any SQLDatabase` instead, and they run on both, at the same moments and in the same
/// order: ``BeeStore/ActiveRecord/validate()``, `willSave`, `willInsert` or `willUpdate`,
/// the row and its relations, `didInsert` or `didUpdate`, `didSave`; `willDelete` and,
/// when a row was deleted, `didDelete`. They run inside the write's transaction: calls
/// made through `database` join it, and an error thrown by a hook rolls the whole write
/// back. Bulk operations (`deleteAll`, `updateAll`, delete rules) call no hook.
///
/// On SQLite, the type's `ActiveRecord` hooks that take a `Database` run these: declare
/// the conformance on the type's own declaration, and do not also implement a form taking
/// a `Database` (it would replace the one that runs the `any SQLDatabase` form there).
/// A PostgreSQL database has no `afterCommit`: work that must wait for the commit runs
/// once the write has returned.
///
/// ```swift
/// struct Member: ActiveRecord, SQLDatabaseHooks {
///     var id: Int64?
///     var name: String
///
///     func didInsert(in database: any SQLDatabase) throws {
///         var entry = AuditEntry(text: "joined: \(name)")
///         try entry.save(in: database)        // in the member's transaction
///     }
/// }
/// ```
public protocol SQLDatabaseHooks: ActiveRecord {
    /// Runs after ``BeeStore/ActiveRecord/validate()``, before the record's row is
    /// written. Does nothing by default.
    func willSave(in database: any SQLDatabase) throws

    /// Runs on the saved copy once its row and relations are written. Does nothing by default.
    func didSave(in database: any SQLDatabase) throws

    /// Runs after `willSave(in:)` when the save inserts the record's row. Does
    /// nothing by default.
    func willInsert(in database: any SQLDatabase) throws

    /// Runs on the saved copy (its key filled in) once its row is inserted, before
    /// `didSave(in:)`. Does nothing by default.
    func didInsert(in database: any SQLDatabase) throws

    /// Runs after `willSave(in:)` when a save, an `update` or an `updateChanges`
    /// updates the record's existing row. Does nothing by default.
    func willUpdate(in database: any SQLDatabase) throws

    /// Runs on the saved copy once its row is updated, before `didSave(in:)`.
    /// Does nothing by default.
    func didUpdate(in database: any SQLDatabase) throws

    /// Runs before a delete deletes the record's row. Does nothing by default.
    func willDelete(in database: any SQLDatabase) throws

    /// Runs once a delete deleted the record's row. Does nothing by default.
    func didDelete(in database: any SQLDatabase) throws
}

extension SQLDatabaseHooks {
    /// Does nothing.
    public func willSave(in database: any SQLDatabase) throws {}
    /// Does nothing.
    public func didSave(in database: any SQLDatabase) throws {}
    /// Does nothing.
    public func willInsert(in database: any SQLDatabase) throws {}
    /// Does nothing.
    public func didInsert(in database: any SQLDatabase) throws {}
    /// Does nothing.
    public func willUpdate(in database: any SQLDatabase) throws {}
    /// Does nothing.
    public func didUpdate(in database: any SQLDatabase) throws {}
    /// Does nothing.
    public func willDelete(in database: any SQLDatabase) throws {}
    /// Does nothing.
    public func didDelete(in database: any SQLDatabase) throws {}
}

// On SQLite, the record's hooks that take a `Database` are the ones called: each runs
// the form taking `any SQLDatabase`.
extension SQLDatabaseHooks {
    /// Runs the record's `willSave(in:)` taking `any SQLDatabase`.
    public func willSave(in database: Database) throws { try willSave(in: database as any SQLDatabase) }
    /// Runs the record's `didSave(in:)` taking `any SQLDatabase`.
    public func didSave(in database: Database) throws { try didSave(in: database as any SQLDatabase) }
    /// Runs the record's `willInsert(in:)` taking `any SQLDatabase`.
    public func willInsert(in database: Database) throws { try willInsert(in: database as any SQLDatabase) }
    /// Runs the record's `didInsert(in:)` taking `any SQLDatabase`.
    public func didInsert(in database: Database) throws { try didInsert(in: database as any SQLDatabase) }
    /// Runs the record's `willUpdate(in:)` taking `any SQLDatabase`.
    public func willUpdate(in database: Database) throws { try willUpdate(in: database as any SQLDatabase) }
    /// Runs the record's `didUpdate(in:)` taking `any SQLDatabase`.
    public func didUpdate(in database: Database) throws { try didUpdate(in: database as any SQLDatabase) }
    /// Runs the record's `willDelete(in:)` taking `any SQLDatabase`.
    public func willDelete(in database: Database) throws { try willDelete(in: database as any SQLDatabase) }
    /// Runs the record's `didDelete(in:)` taking `any SQLDatabase`.
    public func didDelete(in database: Database) throws { try didDelete(in: database as any SQLDatabase) }

    /// Runs the record's hook for `hook`, given `database`, whichever kind it is.
    func runHook(_ hook: RecordHook, in database: any SQLDatabase) throws {
        switch hook {
        case .willSave: try willSave(in: database)
        case .willInsert: try willInsert(in: database)
        case .willUpdate: try willUpdate(in: database)
        case .didInsert: try didInsert(in: database)
        case .didUpdate: try didUpdate(in: database)
        case .didSave: try didSave(in: database)
        case .willDelete: try willDelete(in: database)
        case .didDelete: try didDelete(in: database)
        }
    }
}
#endif
