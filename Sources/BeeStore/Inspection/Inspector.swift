/// Inspection of any SQLite database, whether BeeStore created it or not: its tables,
/// schema, storage, integrity and query plans, and ad-hoc queries with formatted results.
///
/// Every method reads through ``Database/read(_:)`` (one consistent snapshot), except
/// ``execute(_:arguments:allowingWrites:)`` when it is allowed to write.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.readOnly = true
/// configuration.journalMode = nil
/// let inspector = Inspector(try Database(path: "chinook.sqlite", configuration: configuration))
/// for table in try inspector.tables() {
///     print(table.name, table.rowCount ?? 0)
/// }
/// print(try inspector.schema(ofTable: "Album"))
/// ```
public struct Inspector: Sendable {
    /// The inspected database.
    public let database: Database

    /// Creates an inspector of `database`.
    public init(_ database: Database) {
        self.database = database
    }
}
