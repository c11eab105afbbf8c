import BeeStore

/// A served database, opened three ways: for pages and the SQL editor, under the
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
    /// The name of the database in its pages' URLs (`/Chinook/table?name=Track`) when the
    /// server serves several; see ``basePath``.
    package var urlName = ""
    /// What the metadata file says of the database, its tables and its canned queries.
    package var metadata = DatabaseMetadata()
    /// Whether the database file may be downloaded (`--allow-download`).
    package var allowsDownload = false
    /// Whether the server serves other databases beside this one: its pages then live
    /// under `/` and its ``urlName``; a server of one database keeps them at the root.
    package var isOneOfSeveral = false

    /// The served database's views: see the type's description.
    package init(database: Database, counting: Database, exporting: Database, displayName: String) {
        self.database = database
        self.counting = counting
        self.exporting = exporting
        self.displayName = displayName
    }

    /// The path the URLs of the database's pages start with: empty for the only database
    /// of a server, `/` and the percent-encoded ``urlName`` otherwise.
    var basePath: String { isOneOfSeveral ? "/" + PageURL.encode(urlName) : "" }

    /// The URL, relative to the server, of the page `url` of this database.
    func href(_ url: PageURL) -> String { basePath + url.text }

    /// The inspector of ``database``.
    var inspector: Inspector { Inspector(database) }
}
