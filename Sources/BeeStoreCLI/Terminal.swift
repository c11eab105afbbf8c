#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What commands need to know of the terminal they may be writing to.
enum Terminal {
    /// Whether standard output is a terminal (and not a pipe or a file).
    static var isStandardOutput: Bool {
        isatty(STDOUT_FILENO) == 1
    }

    /// Whether standard error is a terminal: progress bars are drawn only there.
    static var isStandardError: Bool {
        isatty(STDERR_FILENO) == 1
    }

    /// How many rows the table format shows on a terminal before it stops and says how to
    /// see the rest.
    static let pageRowCount = 50
}
