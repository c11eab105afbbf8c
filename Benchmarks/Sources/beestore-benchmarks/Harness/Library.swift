/// The ways of moving values in and out of storage that the workloads compare.
enum Library: String, CaseIterable, Sendable {
    case raw = "raw C"
    case grdb = "GRDB"
    case beeStore = "BeeStore"
    /// Foundation's own tools, the baseline of the cache workloads: `NSCache`, or plain
    /// files written and read with `FileManager`.
    case foundation = "Foundation"

    /// What the SQLite workloads compare: the raw C API (the floor), GRDB (the peer) and BeeStore.
    static let sqlite: [Library] = [.raw, .grdb, .beeStore]

    /// `libraries` in a different order for each iteration, so that none always runs
    /// first (cold) or last (after the others warmed the file cache).
    static func order(_ libraries: [Library], forIteration iteration: Int) -> [Library] {
        guard !libraries.isEmpty else { return [] }
        let shift = iteration % libraries.count
        return Array(libraries[shift...] + libraries[..<shift])
    }
}
