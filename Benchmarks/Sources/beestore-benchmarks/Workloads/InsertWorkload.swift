import BeeStore
import BenchmarkSupport

/// Writes new items (no ids) into a fresh, empty database: all in one transaction (2),
/// or one transaction per item, one after the other (6), as an app that saves one
/// record at a time does.
final class InsertWorkload: Workload {
    /// How the items are written.
    enum Style {
        /// `items.save(in: db)`: one transaction for all.
        case oneTransaction
        /// `item.save(in: db)` for each item: a transaction each.
        case transactionPerItem
    }

    private let style: Style
    private let items: [Item]
    private let expected: ItemDigest

    init(count: Int, style: Style) {
        self.style = style
        items = ItemWriter.newItems(count)
        expected = ItemDigest((1...Int64(count)).map(Item.sample))
    }

    var rawRatioTarget: Double? {
        switch style {
        case .oneTransaction: 2
        case .transactionPerItem: 1.5
        }
    }

    var name: String {
        switch style {
        case .oneTransaction: "2. insert \(grouped(items.count)) rows × 10 columns"
        case .transactionPerItem: "6. \(grouped(items.count)) write transactions of one row"
        }
    }

    func setUp(in scratch: Scratch) throws {}

    var operations: Operations {
        Operations(count: items.count, unit: style == .oneTransaction ? "row" : "transaction")
    }

    /// Every library writes into a fresh database whose table the C API created, before the clock.
    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        let writer = switch style {
        case .oneTransaction: try ItemWriter(library: library, items: items, scratch: scratch, writing: OneTransaction())
        case .transactionPerItem:
            try ItemWriter(library: library, items: items, scratch: scratch, writing: OneTransactionPerItem())
        }
        return writer.trial(expecting: expected)
    }

    /// What `Encodable` alone costs, to set beside the raw C insert.
    func notes() throws -> [String] {
        guard style == .oneTransaction else { return [] }
        let floor = try CodableFloor.encoding(items)
        return [
            "2: Codable alone, no SQLite: encoding the \(grouped(items.count)) items into an encoder that "
                + "discards them takes \(milliseconds(floor)) (median of 7), the least any Encodable insert adds to raw C."
        ]
    }

    func tearDown() {}
}
