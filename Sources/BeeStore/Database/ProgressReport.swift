/// How far a long operation (an import, an analysis) has got, reported as it goes so that
/// a caller can show a progress bar.
public struct ProgressReport: Sendable, Hashable {
    /// The units of work done so far: bytes of a file read, columns analysed.
    public let completedUnitCount: Int

    /// The units of work the operation has in all.
    public let totalUnitCount: Int

    /// The share done, from 0 to 1 (1 when there is nothing to do).
    public var fractionCompleted: Double {
        totalUnitCount > 0 ? min(1, Double(completedUnitCount) / Double(totalUnitCount)) : 1
    }

    /// A report of `completedUnitCount` units done out of `totalUnitCount`.
    public init(completedUnitCount: Int, totalUnitCount: Int) {
        self.completedUnitCount = completedUnitCount
        self.totalUnitCount = totalUnitCount
    }
}
