import BeeStore
import Foundation

/// A progress bar on standard error, for long operations: drawn only when standard error
/// is a terminal, redrawn only when its percentage changes, and wiped when the work ends.
final class ProgressBar {
    private let label: String
    private let isShown = Terminal.isStandardError
    private var shownPercentage: Int?

    /// The width of the bar, in cells.
    private static let width = 30

    /// A bar headed by `label` ("Importing").
    init(label: String) {
        self.label = label
    }

    /// Draws the bar at `report`'s share.
    func show(_ report: ProgressReport) {
        guard isShown else { return }
        let percentage = Int(report.fractionCompleted * 100)
        guard percentage != shownPercentage else { return }
        shownPercentage = percentage
        let filled = percentage * Self.width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: Self.width - filled)
        write("\r\(label) [\(bar)] \(percentage)%")
    }

    /// Wipes the bar, if it was drawn.
    func finish() {
        guard shownPercentage != nil else { return }
        write("\r\u{1B}[K")
        shownPercentage = nil
    }

    private func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
