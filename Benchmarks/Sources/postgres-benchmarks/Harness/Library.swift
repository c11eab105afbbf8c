/// The ways of reading and writing PostgreSQL that the workloads compare, in report order:
/// postgres-nio used directly (the floor), Fluent (the peer), then BeeStore.
enum Library: String, CaseIterable, Sendable {
    /// postgres-nio by hand: prepared statements or queries with binds, rows decoded as tuples.
    case postgresNIO = "postgres-nio"
    /// Fluent's models over its PostgreSQL driver, at their fastest idiomatic use.
    case fluent = "Fluent"
    /// BeeStore's query builder and rows, records built from the rows by hand.
    case beeStoreRows = "BeeStore rows"
    /// BeeStore's `Codable` records (`ActiveRecord`): `all`, `save`, `find`, relations.
    case beeStoreRecords = "BeeStore records"

    /// The name `--libraries` takes.
    var option: String {
        switch self {
        case .postgresNIO: "nio"
        case .fluent: "fluent"
        case .beeStoreRows: "bee-rows"
        case .beeStoreRecords: "bee-records"
        }
    }

    /// The library an option names, if any.
    init?(option: String) {
        guard let library = Self.allCases.first(where: { $0.option == option.lowercased() }) else { return nil }
        self = library
    }

    /// The floor every ratio is taken against.
    static let floor = Library.postgresNIO

    /// The peer BeeStore is to be faster than.
    static let peer = Library.fluent

    /// Whether this is one of BeeStore's ways.
    var isBeeStore: Bool {
        switch self {
        case .beeStoreRows, .beeStoreRecords: true
        case .postgresNIO, .fluent: false
        }
    }

    /// `libraries` rotated by `iteration`, so that none always runs first or last.
    static func order(_ libraries: [Library], forIteration iteration: Int) -> [Library] {
        guard !libraries.isEmpty else { return [] }
        let shift = iteration % libraries.count
        return Array(libraries[shift...] + libraries[..<shift])
    }
}
