/// A failed run or setup: the benchmark stops with a non-zero exit.
public struct BenchmarkFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
