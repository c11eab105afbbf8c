/// The lifecycle hooks do nothing unless a record type implements them.
extension ActiveRecord {
    /// No check.
    public func validate() throws {}

    /// Nothing to do before a save.
    public func willSave(in database: Database) throws {}

    /// Nothing to do after a save.
    public func didSave(in database: Database) throws {}

    /// Nothing to do before a delete.
    public func willDelete(in database: Database) throws {}

    /// Nothing to do after a delete.
    public func didDelete(in database: Database) throws {}
}
