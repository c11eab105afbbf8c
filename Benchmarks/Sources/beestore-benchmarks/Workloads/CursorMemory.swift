import BeeStore

/// Not a timed workload: the resident memory BeeStore's cursor (`RecordQuery.forEach`)
/// needs to iterate a large table, against loading the same records into an array. The
/// baseline is the process's resident memory once the database is open and the fixture
/// built; the peak is sampled every 10,000 records.
enum CursorMemory {
    static func run(count: Int, scratch: Scratch) throws -> String {
        let fixture = ItemFixture(count: count)
        let database = try Database(path: try fixture.path(in: scratch))
        defer { database.close() }
        _ = try Item.query(in: database).first()

        let baseline = try ResidentMemory.current()
        var peak = baseline
        var digest = ItemDigest()
        try Item.query(in: database).forEach { item in
            digest.add(item)
            if digest.count % 10_000 == 0 { peak = max(peak, try ResidentMemory.current()) }
        }
        try expectEqual(digest, fixture.digest, "items iterated with forEach")
        let cursorGrowth = peak - baseline

        let arrayBaseline = try ResidentMemory.current()
        let all = try Item.query(in: database).records()
        let arrayGrowth = try ResidentMemory.current() - arrayBaseline
        try expectEqual(ItemDigest(all), fixture.digest, "items loaded with records()")

        return """
            cursor memory, \(count) records of 11 integer columns:
              forEach: baseline \(ResidentMemory.megabytes(baseline)), peak \(ResidentMemory.megabytes(peak)), \
            growth \(ResidentMemory.megabytes(cursorGrowth))
              records() into an array, for comparison: growth \(ResidentMemory.megabytes(arrayGrowth))
            """
    }
}
