/// Row ids of one table: a few, or every row (when there are too many to keep, or when
/// they are not known).
struct RowIDs: Sendable, Equatable {
    private(set) var ids: Set<Int64>
    private(set) var isEvery: Bool

    /// No row.
    static let none = RowIDs(ids: [], isEvery: false)
    /// Every row of the table.
    static let every = RowIDs(ids: [], isEvery: true)
    /// Past this many ids, a set stands for every row: a large write is followed as a
    /// change of the whole table.
    static let capacity = 4096

    private init(ids: Set<Int64>, isEvery: Bool) {
        self.ids = ids
        self.isEvery = isEvery
    }

    /// The rows `ids` (every row when they are more than ``capacity``).
    init(_ ids: Set<Int64>) {
        self = ids.count > Self.capacity ? .every : RowIDs(ids: ids, isEvery: false)
    }

    /// Whether no row is named.
    var isEmpty: Bool { !isEvery && ids.isEmpty }

    mutating func insert(_ id: Int64) {
        guard !isEvery else { return }
        ids.insert(id)
        if ids.count > Self.capacity { self = .every }
    }

    mutating func formUnion(_ other: RowIDs) {
        guard !isEvery else { return }
        if other.isEvery {
            self = .every
        } else {
            self = RowIDs(ids.union(other.ids))
        }
    }

    /// Whether a row is named by both.
    func intersects(_ other: RowIDs) -> Bool {
        guard !isEmpty, !other.isEmpty else { return false }
        if isEvery || other.isEvery { return true }
        let (smaller, larger) = ids.count <= other.ids.count ? (ids, other.ids) : (other.ids, ids)
        return smaller.contains(where: larger.contains)
    }
}
