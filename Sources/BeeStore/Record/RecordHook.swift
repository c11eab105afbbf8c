/// A moment of a save or a delete at which a record's lifecycle hook runs (see
/// ``ActiveRecord``): what a database other than SQLite is asked to call.
package enum RecordHook: Sendable {
    case willSave, willInsert, willUpdate, didInsert, didUpdate, didSave, willDelete, didDelete
}

extension ActiveRecord {
    /// Runs the record's hook for `hook`, given `database`.
    func call(_ hook: RecordHook, in database: Database) throws {
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
