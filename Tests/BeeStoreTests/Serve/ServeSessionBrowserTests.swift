import Foundation
import Testing

@testable import BeeStore

/// `beestore serve` in a headless Chromium, with more than one server in the same browser.
@Suite("beestore serve sessions in a browser", .serialized, .enabled(if: BrowserAvailability.shouldRun, BrowserAvailability.disabledReason))
struct ServeSessionBrowserTests {
    /// Opens `served`'s printed URL and waits until the token redirect lands on its database page.
    static func signIn(to served: ServedDatabase, in browser: WebDriver) async throws {
        try await browser.navigate(to: served.launchURL)
        try await waitUntil("the database page of \(served.baseURL) after the token redirect") {
            try await browser.currentURL() == served.baseURL
        }
    }

    @Test func twoServersInOneBrowserKeepTheirOwnSessions() async throws {
        try await ServedDatabase.serve { first in
            try await ServedDatabase.serve("chinook.sqlite") { second in
                try await WebDriver.withBrowser { browser in
                    try await Self.signIn(to: first, in: browser)
                    try await Self.signIn(to: second, in: browser)
                    // Cookies are kept per host, not per port: the second server's cookie
                    // must not replace the first's.
                    for served in [first, second] {
                        try await browser.navigate(to: try served.url("/table", ["name": "Genre"]))
                        try await waitUntil("the Genre page of \(served.baseURL)") {
                            try await browser.execute("return document.readyState", as: String.self) == "complete"
                        }
                        #expect(try await browser.texts("h1") == ["Genre"], "\(served.baseURL)")
                    }
                }
            }
        }
    }
}
