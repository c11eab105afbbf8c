/// The three ways of moving values in and out of SQLite that every workload compares.
enum Library: String, CaseIterable, Sendable {
    case raw = "raw C"
    case grdb = "GRDB"
    case beeStore = "BeeStore"

    /// The libraries in a different order for each iteration, so that none always runs
    /// first (cold) or last (after the others warmed the file cache).
    static func order(forIteration iteration: Int) -> [Library] {
        let all = allCases
        let shift = iteration % all.count
        return Array(all[shift...] + all[..<shift])
    }
}
