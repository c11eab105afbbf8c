/// The ways of moving values in and out of storage that the workloads compare. This is
/// the one list of them: a new way is a case here (with its ``option`` name), a place in
/// ``sqlite``, ``caches`` or ``peers`` if it belongs there, and a branch in each workload's
/// `trial(for:in:)`, which the compiler asks for.
enum Library: String, CaseIterable, Sendable {
    /// The SQLite C API by hand: the floor.
    case raw = "raw C"
    /// GRDB with records that conform to `Codable` and let GRDB derive their row coding.
    case grdbCodable = "GRDB Codable"
    /// GRDB at its fastest, as in its own performance suite: records with a hand-written
    /// `init(row:)` reading columns by index and a hand-written `encode(to:)`, lookups
    /// through a cached statement.
    case grdbHandWritten = "GRDB hand-written"
    case beeStore = "BeeStore"
    /// BeeStore's fast path: records that read and bind their columns by position, through
    /// the conformance `@ColumnCodable` generates.
    case beeStoreColumnCodable = "BeeStore @ColumnCodable"
    /// Foundation's own tools, the baseline of the cache workloads: `NSCache`, or plain
    /// files written and read with `FileManager`.
    case foundation = "Foundation"

    /// The name `--libraries` takes.
    var option: String {
        switch self {
        case .raw: "raw"
        case .grdbCodable: "grdb-codable"
        case .grdbHandWritten: "grdb-hand-written"
        case .beeStore: "bee"
        case .beeStoreColumnCodable: "bee-column-codable"
        case .foundation: "foundation"
        }
    }

    /// The library an option names, if any.
    init?(option: String) {
        guard let library = Self.allCases.first(where: { $0.option == option.lowercased() }) else { return nil }
        self = library
    }

    /// What the SQLite workloads compare, in report order: the raw C API (the floor), GRDB
    /// (the peer, both ways) and BeeStore.
    static let sqlite: [Library] = [.raw, .grdbCodable, .grdbHandWritten, .beeStore, .beeStoreColumnCodable]

    /// What the cache workloads compare: Foundation (the baseline) and BeeStore.
    static let caches: [Library] = [.foundation, .beeStore]

    /// The peers BeeStore is to be faster than.
    static let peers: [Library] = [.grdbCodable, .grdbHandWritten]

    /// `libraries` in a different order for each iteration, so that none always runs
    /// first (cold) or last (after the others warmed the file cache).
    static func order(_ libraries: [Library], forIteration iteration: Int) -> [Library] {
        guard !libraries.isEmpty else { return [] }
        let shift = iteration % libraries.count
        return Array(libraries[shift...] + libraries[..<shift])
    }
}
