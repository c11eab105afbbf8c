import Foundation
import Testing

/// Whether the machine has Chromium and ChromeDriver for the browser tests, and whether their
/// absence is acceptable (`BEESTORE_BROWSER_TESTS=required`, set by CI, makes it a failure).
enum BrowserAvailability {
    /// The ChromeDriver executable, when installed.
    static let chromedriver = executable(named: ["chromedriver"])
    /// The Chromium (or Chrome) executable, when installed.
    static let chromium = executable(named: ["chromium", "chromium-browser", "google-chrome"])

    /// Graphviz's `dot`, which lays out `beestore serve`'s diagram when installed.
    static let graphviz = executable(named: ["dot"])

    /// The diagram's layouts to check in a browser: the layered one always, and `dot`'s when
    /// Graphviz is installed or required (`BEESTORE_GRAPHVIZ_TESTS=required`, as CI sets).
    static var diagramLayouts: [String] {
        graphviz != nil || ProcessInfo.processInfo.environment["BEESTORE_GRAPHVIZ_TESTS"] == "required" ? ["layered", "dot"] : ["layered"]
    }

    /// Whether the environment demands that the browser tests run.
    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["BEESTORE_BROWSER_TESTS"] == "required"
    }

    /// The condition of the browser suites: they run when both programs are installed, or
    /// when they are required, in which case a missing one fails each test.
    static var shouldRun: Bool {
        isRequired || (chromedriver != nil && chromium != nil)
    }

    /// Why the browser suites are disabled when they are.
    static let disabledReason: Testing.Comment =
        "chromium and chromedriver are not installed; set BEESTORE_BROWSER_TESTS=required to fail instead of skipping"

    /// The first executable file among `names` in the directories of `PATH` and the usual
    /// installation directories.
    private static func executable(named names: [String]) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        for name in names {
            for directory in directories {
                let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }
}
