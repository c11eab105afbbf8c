/// The actor every workload runs on: an actor of its own rather than the main actor, so
/// that each `await` resumes on Swift's cooperative threads as in a server's code, not
/// through the main thread's queue.
@globalActor
actor BenchmarkActor {
    static let shared = BenchmarkActor()
}
