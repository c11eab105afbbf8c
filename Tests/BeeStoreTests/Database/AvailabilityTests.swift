import Foundation
import Testing

@testable import BeeStore
#if canImport(Observation)
import Observation
#endif

/// What needs newer systems than the package's deployment targets is used behind
/// `#available`, as an app supporting the oldest ones uses it: the annotations compile,
/// and the forms for every system give the same values.
@Suite struct AvailabilityTests {
    @Test func timeSettingsHaveATimeIntervalFormOnEverySystemAndADurationFormOnNewerOnes() throws {
        var configuration = Configuration()
        configuration.slowStatementThresholdInterval = 0.25
        configuration.statementTimeLimitInterval = 2
        #expect(configuration.slowStatementThresholdInterval == 0.25)
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            #expect(configuration.slowStatementThreshold == .milliseconds(250))
            #expect(configuration.statementTimeLimit == .seconds(2))
            configuration.statementTimeLimit = .milliseconds(1500)
            configuration.slowStatementThreshold = .microseconds(10)
            #expect(configuration.statementTimeLimitInterval == 1.5)
            #expect(configuration.slowStatementThresholdInterval == 0.000_01)
            configuration.statementTimeLimit = nil
            #expect(configuration.statementTimeLimitInterval == nil)
        }
    }

    @Test func aModelIsObservableWhereTheObservationFrameworkIs() throws {
        let model = Model(0)
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            let changed = Protected(false)
            withObservationTracking { _ = model.state } onChange: { changed.withLock { $0 = true } }
            model.state = 1
            #expect(changed.value)
        }
        #endif
        #expect(model.state == 1)
    }
}
