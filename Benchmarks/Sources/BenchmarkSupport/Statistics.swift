/// The median of `values` (the mean of the two middle ones for an even count); zero for none.
public func median(_ values: [Duration]) -> Duration {
    guard !values.isEmpty else { return .zero }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The nearest-rank percentile `percent` (0 to 100) of `values`; zero for none.
public func percentile(_ percent: Int, of values: [Duration]) -> Duration {
    guard !values.isEmpty else { return .zero }
    let sorted = values.sorted()
    let rank = (percent * sorted.count + 99) / 100
    return sorted[min(max(rank, 1), sorted.count) - 1]
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
