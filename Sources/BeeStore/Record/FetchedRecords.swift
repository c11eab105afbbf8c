/// Builds an array of records in its own storage, as the rows are decoded.
///
/// Appending to an `[Record]` in code generic over `Record` (the fetch loop, compiled
/// once for every record type) looks up `Array<Record>`'s type metadata at every
/// append: about 300 instructions, 7% of fetching a row of ten integers. Here the
/// records are written straight into the storage of an array made with
/// `Array(unsafeUninitializedCapacity:)`; when it is full, a twice larger one takes its
/// records and the rest of the rows, and the full one is freed empty. The last array is
/// the result: no copy is made at the end, so the fetch never holds all its records
/// twice (a buffer filled first and then copied into an array held both, the buffer's
/// spare capacity included: 1.8 times the records' size at the peak).
enum FetchedRecords {
    /// The records `produce` makes, one for each time `hasMore` returns true, after `first`.
    static func collect<Record>(
        first: consuming Record, while hasMore: () throws -> Bool, _ produce: () throws -> Record
    ) throws -> [Record] {
        var pending: Record? = first
        return try fill(capacity: 16, movingFrom: nil, count: 0, first: &pending, hasMore, produce)
    }

    /// An array of `capacity` that takes the `count` records at `previous` (leaving them
    /// uninitialized) and `first` if any, then the records `produce` makes.
    private static func fill<Record>(
        capacity: Int, movingFrom previous: UnsafeMutablePointer<Record>?, count: Int, first: inout Record?,
        _ hasMore: () throws -> Bool, _ produce: () throws -> Record
    ) throws -> [Record] {
        var larger: [Record]?
        let array = try [Record](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            if let previous { base.moveInitialize(from: previous, count: count) }
            initialized = count
            if let record = first.take() {
                (base + initialized).initialize(to: record)
                initialized += 1
            }
            while initialized < buffer.count {
                guard try hasMore() else { return }
                (base + initialized).initialize(to: try produce())
                initialized += 1
            }
            // Full and more may come: the larger array takes the records, this one ends empty.
            let moved = initialized
            initialized = 0
            larger = try fill(capacity: capacity * 2, movingFrom: base, count: moved, first: &first, hasMore, produce)
        }
        return larger ?? array
    }
}
