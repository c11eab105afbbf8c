import BenchmarkSupport

/// What an answer must be: its status, and text its body must hold.
struct Expectation: Sendable {
    let status: Int
    let contains: [String]

    /// Why `response` is not as expected, or nil when it is.
    func failure(of response: HTTPResponse) -> String? {
        if response.status != status { return "status \(response.status), expected \(status)" }
        guard let missing = contains.first(where: { !response.bodyContains($0) }) else { return nil }
        return "the body lacks \(missing)"
    }
}

/// One request to time: where it goes, and what must come back.
struct TimedRequest {
    let label: String
    let connection: HTTPConnection
    let target: String
    let expectation: Expectation
}

/// The times one request took, with what its last answer was.
struct Timing {
    var durations: [Duration] = []
    var status = 0
    var bytes = 0

    var median: Duration { BenchmarkSupport.median(durations) }
    var p90: Duration { percentile(90, of: durations) }
}

/// Sends each request `warmUp` times untimed, then `iterations` times timed, the requests
/// taking turns (the first of a round moves on by one each round, so that drifts of the
/// machine hit them alike). The clock runs from before the request is sent until its
/// whole body is read; every answer is checked after the clock stops.
func timeInterleaved(_ requests: [TimedRequest], warmUp: Int, iterations: Int) throws -> [Timing] {
    let clock = ContinuousClock()
    var timings = Array(repeating: Timing(), count: requests.count)
    for round in 0..<(warmUp + iterations) {
        for offset in requests.indices {
            let index = (round + offset) % requests.count
            let request = requests[index]
            let start = clock.now
            let response = try request.connection.get(request.target)
            let duration = clock.now - start
            if let failure = request.expectation.failure(of: response) {
                let excerpt = String(decoding: response.body.prefix(400), as: UTF8.self)
                throw BenchmarkFailure("\(request.label) \(request.target): \(failure)\n\(excerpt)")
            }
            guard round >= warmUp else { continue }
            timings[index].durations.append(duration)
            timings[index].status = response.status
            timings[index].bytes = response.body.count
        }
    }
    return timings
}
