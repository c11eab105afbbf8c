/// How far an online backup has gone: pages copied out of the source's pages.
///
/// Handed to the progress handler of ``Database/backup(to:pagesPerStep:progress:)`` and
/// ``Database/backup(toPath:replacingExisting:pagesPerStep:progress:)`` after each step, and
/// returned by them once the copy is complete.
public struct BackupProgress: Sendable, Equatable {
    /// Pages copied so far.
    public let copiedPageCount: Int
    /// Pages in the source database at the last step (it may grow while writers write, in
    /// a copy that follows them).
    public let totalPageCount: Int

    /// Creates a progress report.
    public init(copiedPageCount: Int, totalPageCount: Int) {
        self.copiedPageCount = copiedPageCount
        self.totalPageCount = totalPageCount
    }

    /// The part copied, from 0 to 1 (1 for an empty source).
    public var fractionCompleted: Double {
        totalPageCount == 0 ? 1 : Double(copiedPageCount) / Double(totalPageCount)
    }

    /// Whether every page is copied.
    public var isComplete: Bool {
        copiedPageCount >= totalPageCount
    }
}
