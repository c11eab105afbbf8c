/// A workload produced a wrong result, or its setup failed: the run stops with a non-zero exit.
struct CheckFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Throws a ``CheckFailure`` naming what differs when `actual` is not `expected`.
func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) throws {
    guard actual == expected else {
        throw CheckFailure("\(what()): expected \(expected), got \(actual)")
    }
}

extension CheckFailure {
    /// A trial was asked of a library that the workload does not compare.
    static func notCompared(_ library: Library) -> CheckFailure {
        CheckFailure("\(library.rawValue) is not compared by this workload")
    }
}
