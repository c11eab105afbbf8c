/// The part of a database an observed query reads: for each table, the columns it reads
/// (selects, filters, orders or joins on) and, when its filter names them, the rows.
/// A commit refreshes an observation only when its changes meet the region (see
/// ``isChanged(by:)``); whatever is not known is taken as read.
struct ReadRegion: Sendable {
    /// What is read of one table.
    struct TableRegion: Sendable, Equatable {
        /// The columns read; nil for every column.
        var columns: Set<SQLName>?
        /// The rows read (every row unless a filter on the row id names them).
        var rows = RowIDs.every
        /// Whether the table is a virtual table (a full-text index): its rows live in
        /// shadow tables named after it (`name_content`, `name_data`, …), whose changes
        /// count as changes of every row.
        var isVirtual = false
    }

    private(set) var tables: [SQLName: TableRegion] = [:]
    /// The virtual tables read, by the prefix of their shadow tables' names.
    private var shadowPrefixes: [[UInt8]] = []

    init() {}

    /// Every row and column of `tables`.
    init(everythingIn tables: some Sequence<String>) {
        for table in tables { self.tables[SQLName(table)] = TableRegion(columns: nil) }
    }

    /// Adds the column `column` of `table`.
    mutating func insert(column: String, of table: String) {
        let name = SQLName(table)
        var region = tables[name] ?? TableRegion(columns: [])
        region.columns?.insert(SQLName(column))
        tables[name] = region
    }

    /// Adds `table`, with no column read unless one is added: its inserts and deletes count.
    mutating func include(_ table: String) {
        let name = SQLName(table)
        if tables[name] == nil { tables[name] = TableRegion(columns: []) }
    }

    /// Keeps only the rows `rows` of `table`, which must be read already.
    mutating func restrict(_ table: String, to rows: RowIDs) {
        tables[SQLName(table)]?.rows = rows
    }

    /// Marks `table` as a virtual table, whose shadow tables' changes count.
    mutating func markVirtual(_ table: String) {
        guard tables[SQLName(table)] != nil else { return }
        tables[SQLName(table)]?.isVirtual = true
        shadowPrefixes.append(Array(table.utf8.map(SQLName.folded)) + [UInt8(ascii: "_")])
    }

    /// Adds every row and column of `other`'s tables.
    mutating func formUnion(_ other: ReadRegion) {
        for (name, region) in other.tables {
            guard let existing = tables[name] else {
                tables[name] = region
                continue
            }
            var merged = existing
            if let columns = region.columns { merged.columns?.formUnion(columns) } else { merged.columns = nil }
            merged.rows.formUnion(region.rows)
            merged.isVirtual = existing.isVirtual || region.isVirtual
            tables[name] = merged
        }
        shadowPrefixes += other.shadowPrefixes
    }

    /// Whether `changes` may change what the region reads: a row inserted or deleted
    /// among the rows read, or a row read updated in a column read. A schema change
    /// counts as a change of everything.
    func isChanged(by changes: DatabaseChanges) -> Bool {
        if changes.changedSchema { return true }
        return changes.tables.contains { entry in
            if let region = tables[entry.key] { return Self.meets(entry.value, region) }
            return !shadowPrefixes.isEmpty && isShadowTable(entry.key)
        }
    }

    private static func meets(_ change: TableChanges, _ region: TableRegion) -> Bool {
        if region.isVirtual { return true }
        if change.insertedOrDeleted.intersects(region.rows) { return true }
        guard change.updated.intersects(region.rows) else { return false }
        guard let changed = change.updatedColumns, let read = region.columns else { return true }
        return !changed.isDisjoint(with: read)
    }

    private func isShadowTable(_ name: SQLName) -> Bool {
        let bytes = name.bytes
        return shadowPrefixes.contains { prefix in bytes.count > prefix.count && bytes.starts(with: prefix) }
    }
}
