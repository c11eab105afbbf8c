/// A moment of a save or a delete at which a record's lifecycle hook runs (see
/// ``ActiveRecord``): what a database other than SQLite is asked to call.
package enum RecordHook: Sendable {
    case willSave, willInsert, willUpdate, didInsert, didUpdate, didSave, willDelete, didDelete
}
