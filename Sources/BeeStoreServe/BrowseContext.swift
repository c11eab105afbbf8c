import BeeStore

/// The served database, opened three ways: for pages and the SQL editor, under the
/// statement time limit; for row counts and facets, under a shorter one (a count that
/// takes longer shows as unknown); and for streamed table exports, without a limit (they
/// read each row once, however many).
package struct BrowseContext: Sendable {
    /// Pages and the SQL editor.
    package let database: Database
    /// Row counts and facets.
    let counting: Database
    /// Whole-table exports.
    let exporting: Database
    /// The name the pages show: the file's name.
    let displayName: String

    /// The served database's four views: see the type's description.
    package init(database: Database, counting: Database, exporting: Database, displayName: String) {
        self.database = database
        self.counting = counting
        self.exporting = exporting
        self.displayName = displayName
    }

    /// The inspector of ``database``.
    var inspector: Inspector { Inspector(database) }
}
