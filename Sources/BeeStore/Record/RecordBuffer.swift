/// A growing buffer of records, turned into an array once filled.
///
/// Appending to an `[Record]` in code generic over `Record` (the fetch loop, compiled
/// once for every record type) looks up `Array<Record>`'s type metadata at every
/// append: about 300 instructions, 7% of fetching a row of ten integers. The buffer
/// needs only `Record`'s own metadata, which the generic code is given.
struct RecordBuffer<Record>: ~Copyable {
    private var start: UnsafeMutablePointer<Record>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deinitialize(count: count)
        start.deallocate()
    }

    @inline(__always)
    mutating func append(_ record: consuming Record) {
        if count == capacity { grow() }
        // Slots below `capacity` are allocated; the one at `count` is not initialized yet.
        (start + count).initialize(to: record)
        count += 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Record>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: start, count: count)
        start.deallocate()
        start = larger
        capacity *= 2
    }

    /// The records, moved into an array.
    consuming func array() -> [Record] {
        let records = Array<Record>(unsafeUninitializedCapacity: count) { buffer, initialized in
            // `buffer` holds `count` uninitialized slots; the records move there, leaving
            // this buffer's slots uninitialized, so its deinit must not deinitialize them.
            buffer.baseAddress?.moveInitialize(from: start, count: count)
            initialized = count
        }
        count = 0
        return records
    }
}
