import BeeStore
import Foundation

/// A progress bar drawn on one line of standard error, redrawn when its percentage changes.
final class ProgressBar {
    private static let width = 30
    private var shownPercent = -1

    /// Draws `progress` unless the line already shows its percentage.
    func show(_ progress: BackupProgress) {
        let percent = Int(progress.fractionCompleted * 100)
        guard percent != shownPercent else { return }
        shownPercent = percent
        let filled = Int(progress.fractionCompleted * Double(Self.width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        let line = "\r[\(bar)] \(percent)% \(progress.copiedPageCount)/\(progress.totalPageCount) pages"
        try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
    }

    /// Draws the complete bar and ends its line.
    func finish(_ progress: BackupProgress) {
        show(progress)
        try? FileHandle.standardError.write(contentsOf: Data("\n".utf8))
    }
}
