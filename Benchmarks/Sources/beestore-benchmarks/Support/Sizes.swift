/// How much data each workload moves; `scale` shrinks everything for quick or profiled runs.
struct Sizes {
    var fetchRows = 200_000
    var insertRows = 50_000
    var lookups = 20_000
    var parents = 1_000
    var childrenPerParent = 10
    var writeTransactions = 10_000
    var concurrentRowsPerReader = 50_000
    var memoryCacheOperations = 1_000_000
    var memoryCacheKeys = 10_000
    var fileCacheEntries = 2_000
    var documents = 100_000
    var searches = 1_000

    init(scale: Double = 1) {
        func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * scale).rounded())) }
        fetchRows = scaled(fetchRows)
        insertRows = scaled(insertRows)
        lookups = scaled(lookups)
        parents = scaled(parents)
        writeTransactions = scaled(writeTransactions)
        concurrentRowsPerReader = scaled(concurrentRowsPerReader)
        memoryCacheOperations = scaled(memoryCacheOperations)
        memoryCacheKeys = scaled(memoryCacheKeys)
        fileCacheEntries = scaled(fileCacheEntries)
        documents = scaled(documents)
        searches = scaled(searches)
    }
}
