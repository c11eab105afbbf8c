import Foundation

/// A failure of the browser automation, naming the step that failed.
enum WebDriverError: Error, CustomStringConvertible {
    /// Chromium or ChromeDriver is not installed.
    case browserMissing(String)
    /// A WebDriver command was answered with an error.
    case commandFailed(command: String, status: Int, error: String, message: String)
    /// A WebDriver command's answer could not be read.
    case unreadableReply(command: String, body: String, reason: String)
    /// No element matches a CSS selector.
    case noSuchElement(selector: String)

    var description: String {
        switch self {
        case .browserMissing(let program):
            "\(program) is not installed (install the chromium and chromium-driver packages)"
        case .commandFailed(let command, let status, let error, let message):
            "WebDriver \(command) failed with HTTP \(status), \(error): \(message)"
        case .unreadableReply(let command, let body, let reason):
            "WebDriver \(command) answered something unreadable (\(reason)): \(body.prefix(500))"
        case .noSuchElement(let selector):
            "no element matches the CSS selector \(selector)"
        }
    }
}

/// An element of the current page, as WebDriver identifies it.
struct WebElement: Sendable, Decodable {
    /// The W3C element reference key.
    static let referenceKey = "element-6066-11e4-a52e-4f735466cecf"

    let id: String

    init(from decoder: any Decoder) throws {
        let reference = try decoder.singleValueContainer().decode([String: String].self)
        guard let id = reference[Self.referenceKey] else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an element reference"))
        }
        self.id = id
    }
}

/// One message of the browser's console.
struct BrowserLogEntry: Sendable, Decodable, CustomStringConvertible {
    /// `SEVERE` for errors, `WARNING`, `INFO`, …
    let level: String
    let message: String

    var description: String { "\(level): \(message)" }
}

/// A minimal W3C WebDriver client driving a headless Chromium through a ChromeDriver process
/// of its own. Use `WebDriver.withBrowser` so that the session and the driver end with the test.
final class WebDriver: Sendable {
    private let driver: ChildProcess
    /// The port the driver listens on, on the loopback interface.
    private let port: Int
    /// The session's path on the driver: `/session/ID`.
    private let session: String

    /// Starts ChromeDriver on a port it chooses, waits until it is ready, and opens a session.
    private init() async throws {
        guard let chromedriver = BrowserAvailability.chromedriver else { throw WebDriverError.browserMissing("chromedriver") }
        guard let chromium = BrowserAvailability.chromium else { throw WebDriverError.browserMissing("chromium") }
        let (driver, port) = try await Self.launch(chromedriver)
        self.driver = driver
        self.port = port
        try await waitUntil("ChromeDriver to report itself ready") {
            struct Status: Decodable { let ready: Bool }
            let status: Status? = try? await Self.command(port: port, "GET", "/status")
            return status?.ready == true
        }
        struct NewSession: Decodable { let sessionId: String }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": chromium.path,
                        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"],
                    ],
                    "goog:loggingPrefs": ["browser": "ALL"],
                ] as [String: Any]
            ]
        ]
        let created: NewSession = try await Self.command(port: port, "POST", "/session", capabilities)
        session = "/session/\(created.sessionId)"
    }

    /// Runs `body` with a fresh browser, then ends the session and stops the driver, also when
    /// `body` throws.
    static func withBrowser<T>(_ body: (WebDriver) async throws -> T) async throws -> T {
        let browser = try await WebDriver()
        do {
            let result = try await body(browser)
            try await browser.quit()
            return result
        } catch {
            try? await browser.quit()
            throw error
        }
    }

    /// Ends the session (closing Chromium) and stops the driver.
    private func quit() async throws {
        defer { driver.terminate() }
        let _: Empty = try await call("DELETE", "")
    }

    // MARK: Commands

    /// A reply whose value is not needed: decodes from anything, `null` included.
    private struct Empty: Decodable {
        init(from decoder: any Decoder) {}
    }

    /// A reply's envelope: W3C WebDriver wraps every result in `value`.
    private struct Reply<Value: Decodable>: Decodable { let value: Value }

    /// The error a failed command reports.
    private struct Failure: Decodable { let error: String; let message: String }

    /// Starts ChromeDriver and returns it with the port it listens on. `--port=0` lets the
    /// system choose; the driver then names the port it got. The driver may lose the
    /// port it was given to another process before it binds it again for IPv6 (it then
    /// says "port not available" and exits): it is started again, up to three times.
    private static func launch(_ chromedriver: URL) async throws -> (ChildProcess, Int) {
        var attempt = 1
        while true {
            let driver = try ChildProcess(chromedriver, ["--port=0"])
            do {
                let port = try await driver.firstLine("the port it listens on") { (line: String) -> Int? in
                    let prefix = "ChromeDriver was started successfully on port "
                    guard line.hasPrefix(prefix) else { return nil }
                    return Int(line.dropFirst(prefix.count).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
                }
                return (driver, port)
            } catch let error as ChildProcessError where attempt < 3 && error.description.contains("port not available") {
                driver.terminate()
                attempt += 1
            }
        }
    }

    /// Sends a command to the driver on `port` and decodes its `value`.
    private static func command<Value: Decodable>(
        port: Int, _ method: String, _ path: String, _ parameters: [String: Any]? = nil
    ) async throws -> Value {
        let name = "\(method) \(path)"
        let body = try parameters.map { try JSONSerialization.data(withJSONObject: $0) } ?? (method == "POST" ? Data("{}".utf8) : nil)
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw WebDriverError.unreadableReply(command: name, body: "", reason: "no URL for \(path)") }
        let json = body == nil ? [:] : ["Content-Type": "application/json; charset=utf-8"]
        let response = try await HTTPTestClient().send(method, url, headers: json, body: body, timeout: 120)
        guard response.status == 200 else {
            let failure = try? JSONDecoder().decode(Reply<Failure>.self, from: response.body).value
            throw WebDriverError.commandFailed(
                command: name, status: response.status, error: failure?.error ?? "unknown error", message: failure?.message ?? response.text)
        }
        do {
            return try JSONDecoder().decode(Reply<Value>.self, from: response.body).value
        } catch {
            throw WebDriverError.unreadableReply(command: name, body: response.text, reason: "\(error)")
        }
    }

    /// Sends a command about the session, at `path` below it.
    private func call<Value: Decodable>(_ method: String, _ path: String, _ parameters: [String: Any]? = nil) async throws -> Value {
        try await Self.command(port: port, method, path.isEmpty ? session : "\(session)/\(path)", parameters)
    }

    /// Opens `url` and waits until it has loaded.
    func navigate(to url: URL) async throws {
        let _: Empty = try await call("POST", "url", ["url": url.absoluteString])
    }

    /// Opens a new tab and makes it the current one; returns its handle.
    func openTab() async throws -> String {
        struct NewWindow: Decodable { let handle: String }
        let window: NewWindow = try await call("POST", "window/new", ["type": "tab"])
        try await switchToTab(window.handle)
        return window.handle
    }

    /// Makes the tab `handle` the current one.
    func switchToTab(_ handle: String) async throws {
        let _: Empty = try await call("POST", "window", ["handle": handle])
    }

    /// The handle of the current tab.
    func currentTab() async throws -> String {
        try await call("GET", "window")
    }

    /// Makes ``navigate(to:)`` fail when a page has not loaded within `seconds`.
    func setPageLoadTimeout(seconds: Int) async throws {
        let _: Empty = try await call("POST", "timeouts", ["pageLoad": seconds * 1000])
    }

    /// The URL of the current page.
    func currentURL() async throws -> URL {
        let text: String = try await call("GET", "url")
        guard let url = URL(string: text) else {
            throw WebDriverError.unreadableReply(command: "GET url", body: text, reason: "not a URL")
        }
        return url
    }

    /// The elements matching `selector`, in document order.
    func elements(_ selector: String) async throws -> [WebElement] {
        try await call("POST", "elements", ["using": "css selector", "value": selector])
    }

    /// The first element matching `selector`.
    func element(_ selector: String) async throws -> WebElement {
        guard let first = try await elements(selector).first else { throw WebDriverError.noSuchElement(selector: selector) }
        return first
    }

    /// The first element matching `selector`, waiting for one to appear until `timeout`.
    func waitForElement(_ selector: String, timeout: Duration = .seconds(10)) async throws -> WebElement {
        try await waitFor("an element matching \(selector)", timeout: timeout) { try await self.elements(selector).first }
    }

    /// Clicks `element`.
    func click(_ element: WebElement) async throws {
        let _: Empty = try await call("POST", "element/\(element.id)/click")
    }

    /// Clears the text field `element`.
    func clear(_ element: WebElement) async throws {
        let _: Empty = try await call("POST", "element/\(element.id)/clear")
    }

    /// Types `text` into `element`.
    func type(_ text: String, into element: WebElement) async throws {
        let _: Empty = try await call("POST", "element/\(element.id)/value", ["text": text])
    }

    /// The rendered text of `element`.
    func text(of element: WebElement) async throws -> String {
        try await call("GET", "element/\(element.id)/text")
    }

    /// The attribute `name` of `element`, or nil when it has none.
    func attribute(_ name: String, of element: WebElement) async throws -> String? {
        try await call("GET", "element/\(element.id)/attribute/\(name)")
    }

    /// The DOM property `name` of `element` (an anchor's `href` property is absolute).
    func property<Value: Decodable>(_ name: String, of element: WebElement, as type: Value.Type = String.self) async throws -> Value {
        try await call("GET", "element/\(element.id)/property/\(name)")
    }

    /// Runs `script` (a function body; `return` gives its result) in the page, with
    /// `arguments` as its `arguments` array.
    func execute<Value: Decodable>(_ script: String, _ arguments: String..., as type: Value.Type) async throws -> Value {
        try await call("POST", "execute/sync", ["script": script, "args": arguments])
    }

    /// The text content of every element matching `selector`, in document order.
    func texts(_ selector: String) async throws -> [String] {
        try await execute(
            "return Array.from(document.querySelectorAll(arguments[0])).map(element => element.textContent)", selector, as: [String].self)
    }

    /// The first element matching `selector` whose whole text content is `text`.
    func element(_ selector: String, withText text: String) async throws -> WebElement {
        guard let index = try await texts(selector).firstIndex(of: text) else {
            throw WebDriverError.noSuchElement(selector: "\(selector) with the text \(text.debugDescription)")
        }
        return try await elements(selector)[index]
    }

    /// A PNG image of the viewport.
    func screenshot() async throws -> Data {
        let encoded: String = try await call("GET", "screenshot")
        guard let png = Data(base64Encoded: encoded) else {
            throw WebDriverError.unreadableReply(command: "GET screenshot", body: encoded, reason: "not base64")
        }
        return png
    }

    /// The browser console messages since the previous call (ChromeDriver's log endpoint,
    /// outside the W3C standard).
    func browserLog() async throws -> [BrowserLogEntry] {
        try await call("POST", "se/log", ["type": "browser"])
    }
}
