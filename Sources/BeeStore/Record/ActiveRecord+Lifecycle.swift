/// The lifecycle hooks do nothing unless a record type implements them.
extension ActiveRecord {
    /// No check.
    public func validate() throws {}

    /// Nothing to do before a save.
    public func willSave(in database: Database) throws {}

    /// Nothing to do after a save.
    public func didSave(in database: Database) throws {}

    /// Nothing to do before an insert.
    public func willInsert(in database: Database) throws {}

    /// Nothing to do after an insert.
    public func didInsert(in database: Database) throws {}

    /// Nothing to do before an update.
    public func willUpdate(in database: Database) throws {}

    /// Nothing to do after an update.
    public func didUpdate(in database: Database) throws {}

    /// Nothing to do before a delete.
    public func willDelete(in database: Database) throws {}

    /// Nothing to do after a delete.
    public func didDelete(in database: Database) throws {}
}
