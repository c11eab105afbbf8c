extension Database {
    /// Runs `work` once the changes made so far by the current thread's write are
    /// committed: after the outermost transaction commits and the writer is released (so
    /// `work` may read and write the database, in transactions of its own), on the
    /// writing thread, once, in the order of registration. When that transaction rolls
    /// back, or the savepoint (nested transaction) `work` was registered in does, `work`
    /// never runs. Outside a write, nothing is pending and `work` runs at once. Rails'
    /// `after_commit`, GRDB's `afterNextTransaction`.
    ///
    /// `work` cannot throw: its transaction is committed and nothing can undo it, so a
    /// failure belongs to `work` to handle (retry, log, or record it for later).
    ///
    /// ```swift
    /// struct Order: ActiveRecord {
    ///     var id: Int64?
    ///     var total: Int
    ///
    ///     func didInsert(in database: Database) throws {
    ///         database.afterCommit { Mailer.confirm(total) }   // not for a rolled-back order
    ///     }
    /// }
    /// ```
    public func afterCommit(_ work: @escaping () -> Void) {
        guard let writer = currentWriter else { return work() }
        writer.afterCommit(work)
    }
}
