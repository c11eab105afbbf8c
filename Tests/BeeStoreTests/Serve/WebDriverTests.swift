import Foundation
import Testing

/// The WebDriver client against a static page, without a server: what the browser tests of
/// `beestore serve` rely on.
@Suite(.serialized, .enabled(if: BrowserAvailability.shouldRun, BrowserAvailability.disabledReason))
struct WebDriverTests {
    /// A page with a button that rewrites a heading with a field's text, a link, and a
    /// script that reports one error and one warning to the console.
    static let page = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>Driver check</title></head>
        <body>
        <h1 id="greeting">Waiting</h1>
        <input id="name" value="">
        <button id="greet">Greet</button>
        <a id="away" href="second.html">Away</a>
        <script>
        console.error("deliberate failure");
        console.warn("deliberate warning");
        document.getElementById("greet").addEventListener("click", () => {
            setTimeout(() => { document.getElementById("greeting").textContent = "Hello, " + document.getElementById("name").value; }, 100);
        });
        </script>
        </body></html>
        """

    @Test func drivesAStaticPageAndReadsItsConsole() async throws {
        let directory = try TemporaryDirectory("WebDriverCheck")
        let pageURL = directory.url.appendingPathComponent("page.html")
        try Data(Self.page.utf8).write(to: pageURL)
        try Data("<!doctype html><title>Second</title><p id=\"second\">Second page</p>".utf8)
            .write(to: directory.url.appendingPathComponent("second.html"))

        try await WebDriver.withBrowser { browser in
            try await browser.navigate(to: pageURL)
            #expect(try await browser.currentURL().lastPathComponent == "page.html")
            #expect(try await browser.execute("return document.title", as: String.self) == "Driver check")
            #expect(try await browser.execute("return 6 * 7", as: Int.self) == 42)

            let log = try await browser.browserLog()
            #expect(log.contains { $0.level == "SEVERE" && $0.message.contains("deliberate failure") }, "\(log)")
            #expect(log.contains { $0.level == "WARNING" && $0.message.contains("deliberate warning") }, "\(log)")
            // The log is drained by reading it.
            #expect(try await browser.browserLog().isEmpty)

            let field = try await browser.element("#name")
            try await browser.type("Bee 🐝", into: field)
            #expect(try await browser.property("value", of: field) == "Bee 🐝")
            try await browser.click(try await browser.element("#greet"))
            // The heading changes after a delay: only the wait sees it.
            let greeting = try await browser.element("#greeting")
            try await waitUntil("the greeting") { try await browser.text(of: greeting) == "Hello, Bee 🐝" }
            try await browser.clear(field)
            #expect(try await browser.property("value", of: field) == "")

            #expect(try await browser.attribute("href", of: try await browser.element("#away")) == "second.html")
            #expect(try await browser.attribute("title", of: try await browser.element("#away")) == nil)
            #expect(try await browser.property("href", of: try await browser.element("#away"))
                == directory.url.appendingPathComponent("second.html").absoluteString)
            await #expect(throws: WebDriverError.self) { try await browser.element("#missing") }
            await #expect(throws: DeadlineExceeded.self) { try await browser.waitForElement("#missing", timeout: .milliseconds(200)) }

            let png = try await browser.screenshot()
            #expect(PNGImage(png)?.width == 1280, "the window size given to Chromium")

            try await browser.click(try await browser.element("#away"))
            let second = try await browser.waitForElement("#second")
            #expect(try await browser.text(of: second) == "Second page")
            #expect(try await browser.currentURL().lastPathComponent == "second.html")
            #expect(try await browser.elements("#greeting").isEmpty)
        }
    }
}
