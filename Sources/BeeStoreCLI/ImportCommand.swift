import ArgumentParser
import BeeStore
import Foundation

/// Placeholder replaced below.
struct ImportCommand: ParsableCommand {
    func run() throws {}
}
