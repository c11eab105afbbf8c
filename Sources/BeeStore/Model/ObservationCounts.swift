/// How many commits refreshed an observation, and how many it skipped because they
/// changed no row or column it reads.
struct ObservationCounts: Sendable, Equatable {
    var refreshed = 0
    var skipped = 0
}
