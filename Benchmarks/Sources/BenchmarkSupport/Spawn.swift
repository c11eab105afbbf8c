import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `command` (an executable's path or, without a slash, a name looked up in `PATH`,
/// then its arguments) as a child process and returns its id. `redirect` sets up the
/// child's file descriptors (its standard output, say) before it starts.
public func spawn(
    _ command: [String], redirect: (inout posix_spawn_file_actions_t) -> Void = { _ in }
) throws -> pid_t {
    guard let executable = command.first else { throw BenchmarkFailure("no command to run") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    redirect(&actions)
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchmarkFailure("cannot run \(executable): error \(spawned)") }
    return pid
}

/// Waits for the child `pid` to exit and returns its `waitpid` status.
public func waitForExit(of pid: pid_t) throws -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) != pid {
        guard errno == EINTR else { throw BenchmarkFailure("cannot wait for process \(pid): errno \(errno)") }
    }
    return status
}
