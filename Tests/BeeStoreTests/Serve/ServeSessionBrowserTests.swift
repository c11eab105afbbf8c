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

    @Test func everyTabLoadsAndRefreshesLiveHoweverMany() async throws {
        try await ServedDatabase.serve { served in
            try await WebDriver.withBrowser { browser in
                // A page that cannot get a connection waits for ever: fail instead.
                try await browser.setPageLoadTimeout(seconds: 20)
                try await Self.signIn(to: served, in: browser)
                // More tabs than the six connections a browser opens to one host.
                var tabs = [try await browser.currentTab()]
                for index in 0..<8 {
                    if index > 0 { tabs.append(try await browser.openTab()) }
                    try await browser.navigate(to: try served.url("/table", ["name": "MediaType"]))
                    try await ServeBrowserTests.waitForRowCount(5, in: browser)
                }
                try ServeBrowserTests.database(at: served.databasePath).execute(
                    "INSERT INTO MediaType (Name) VALUES ('Seen in every tab')")
                for tab in [tabs[0], tabs[tabs.count - 1]] {
                    try await browser.switchToTab(tab)
                    try await waitUntil("the inserted row in tab \(tab)", timeout: .seconds(15)) {
                        try await browser.texts("#rows tr.row td[data-column=Name]").contains("Seen in every tab")
                    }
                }
                let errors = try await browser.browserLog().filter { $0.level == "SEVERE" }
                #expect(errors.isEmpty, "browser console errors: \(errors)")
            }
        }
    }

    @Test func aChangeDoesNotThrowAwayTextBeingTyped() async throws {
        try await ServedDatabase.serve { served in
            try await WebDriver.withBrowser { browser in
                try await Self.signIn(to: served, in: browser)
                try await browser.navigate(to: try served.url("/table", ["name": "MediaType"]))
                try await ServeBrowserTests.waitForRowCount(5, in: browser)
                let field = try await browser.element("#filter-form input[name=_value]")
                try await browser.type("half a thought", into: field)
                try ServeBrowserTests.database(at: served.databasePath).execute("INSERT INTO MediaType (Name) VALUES ('Changed')")
                // The page offers the reload instead of reloading under the user's hands.
                let notice = try await browser.waitForElement("#changed a", timeout: .seconds(15))
                #expect(try await browser.property("value", of: try await browser.element("#filter-form input[name=_value]")) == "half a thought")
                try await browser.click(notice)
                try await ServeBrowserTests.waitForRowCount(6, in: browser)
            }
        }
    }
}
