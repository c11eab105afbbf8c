import Foundation

/// Runs `body` again while it fails with `SQLITE_BUSY`, waiting a little longer each time
/// (1 ms, doubling up to 50 ms), until `timeout` seconds have passed; then the last error
/// is thrown. For the few steps where SQLite does not wait through its busy handler.
func retryingWhileBusy<T>(timeout: TimeInterval, _ body: () throws -> T) throws -> T {
    let deadline = Date(timeIntervalSinceNow: max(0, timeout))
    var pause: TimeInterval = 0.001
    while true {
        do {
            return try body()
        } catch let error as DatabaseError where error.resultCode == .busy && Date() < deadline {
            Thread.sleep(forTimeInterval: min(pause, max(0, deadline.timeIntervalSinceNow)))
            pause = min(pause * 2, 0.05)
        }
    }
}
