import Foundation

/// The columns of a record type that saves stamp with their time: a `Date?` property
/// whose coding key is `createdAt` (or `created_at`), and one whose coding key is
/// `updatedAt` (or `updated_at`).
///
/// Every save that writes a record's row sets its `updatedAt` to the save's time, and its
/// `createdAt` when it is nil (so, once: when the record is first saved); a `createdAt`
/// the app gave is kept. One save gives every record it writes the same time, to the
/// millisecond dates are stored with. A non-optional `Date` is the app's to set.
struct RecordTimestamps {
    private(set) var createdAt: Int?
    private(set) var updatedAt: Int?

    init(columns: [RecordSchema.Column]) {
        for (index, column) in columns.enumerated() where column.isDate && column.isOptional {
            switch column.key {
            case "createdAt", "created_at": createdAt = index
            case "updatedAt", "updated_at": updatedAt = index
            default: break
            }
        }
    }

    /// Whether the type declares neither timestamp.
    var isEmpty: Bool { createdAt == nil && updatedAt == nil }

    /// Stamps the column values of a record about to be written, and the values by
    /// coding key the saved record is rebuilt from.
    func stamp(_ values: inout [Value], rebuilding rebuilt: inout [String: Any], at time: Date, schema: RecordSchema) {
        func set(_ index: Int) {
            values[index] = time.databaseValue
            rebuilt[schema.columns[index].key] = time
        }
        if let updatedAt { set(updatedAt) }
        if let createdAt, values[createdAt].isNull { set(createdAt) }
    }

    /// The current time as a stored date reads back: to the millisecond.
    static func now() -> Date {
        let now = Date()
        return (try? Date(databaseValue: now.databaseValue)) ?? now
    }
}
