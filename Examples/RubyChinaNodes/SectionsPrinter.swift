import BeeStore
import Foundation

/// An observer of the sections model: the first notification prints every section with
/// its nodes, later ones the nodes that changed. Each notification signals a semaphore,
/// so that the program can wait for it.
final class SectionsPrinter {
    private var shownNodes: [Int64: Node] = [:]
    private let notified = DispatchSemaphore(value: 0)

    /// Prints what `change` brings. Called on the model's notification queue only.
    func show(_ change: ModelChange<[Section]>) {
        let sections = change.state
        let nodes = sections.flatMap(\.nodes)
        if shownNodes.isEmpty {
            print("Observer notified (\(change.kind.rawValue)): \(sections.count) sections, \(nodes.count) nodes")
            for section in sections {
                print("")
                print("\(section.name) (\(section.nodes.count) nodes)")
                for node in section.nodes {
                    print(Self.line(for: node))
                }
            }
        } else {
            let changed = nodes.filter { node in node.id.map { shownNodes[$0] != node } ?? false }
            print("Observer notified (\(change.kind.rawValue)): \(changed.count) node\(changed.count == 1 ? "" : "s") changed")
            for node in changed {
                print(Self.line(for: node))
            }
        }
        for node in nodes {
            if let id = node.id { shownNodes[id] = node }
        }
        print("")
        notified.signal()
    }

    /// Waits for the next notification, for at most `seconds`.
    func waitForNotification(seconds: Double = 10) throws {
        guard notified.wait(timeout: .now() + seconds) == .success else {
            throw ExampleError("the observer was not notified within \(Int(seconds)) seconds")
        }
    }

    /// `  Rails          9120 topics  Ruby on Rails, …`
    private static func line(for node: Node) -> String {
        let name = node.name.padding(toLength: max(node.name.count, 13), withPad: " ", startingAt: 0)
        let count = String(node.topicsCount)
        let paddedCount = String(repeating: " ", count: max(0, 5 - count.count)) + count
        return "  \(name) \(paddedCount) topics  \(node.summary)"
    }
}

/// A failure to report in one line.
struct ExampleError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
