#if PostgreSQL
import BeeStore

/// An order an app server takes, tagged with the server that saved it; its lines are a
/// has-many relation kept in `order_line.order_id`.
struct Order: ActiveRecord {
    static let mapping = RecordMapping(table: "order", columnNaming: .snakeCase).hasMany("lines", onDelete: .cascade)

    var id: Int64?
    /// The index of the server that saved the order.
    var worker: Int
    /// The order's number among those its server saved, from 0.
    var number: Int
    var lines: [OrderLine]?
}

/// A line of an order, tagged with the server that saved it, so that a line saved under
/// another server's order shows.
struct OrderLine: ActiveRecord {
    static let mapping = RecordMapping(table: "order_line", columnNaming: .snakeCase)

    var id: Int64?
    var worker: Int
    var product: String
    var quantity: Int
}

/// An account every server updates: its `lock_version` makes a stale copy's save a
/// `RecordError.versionConflict`.
struct Account: ActiveRecord {
    static let mapping = RecordMapping(table: "account", columnNaming: .snakeCase)

    var id: Int64?
    var owner: String
    var balance: Int
    var lockVersion: Int
}
#endif
