/// The range of row ids `first...last` cut into at most `count` consecutive slices of
/// about the same width, in order: what a table rebuild copies one statement at a time to
/// report its progress. Row ids span all of `Int64`, so widths are counted in `UInt64`.
struct RowIDSlices: RandomAccessCollection {
    let first: Int64
    let last: Int64
    /// The width of every slice but the last, which ends at `last`.
    private let width: UInt64
    let count: Int

    /// `first...last` in `count` slices (at least one, and none empty); `first` must not
    /// be above `last`.
    init(first: Int64, last: Int64, count: Int) {
        self.first = first
        self.last = last
        let span = UInt64(bitPattern: last &- first)  // the number of row ids, less one
        let wanted = UInt64(Swift.max(count, 1))
        width = span / wanted + 1
        self.count = Int(span / width) + 1
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> ClosedRange<Int64> {
        let lower = first &+ Int64(bitPattern: UInt64(index) &* width)
        let upper = index == count - 1 ? last : lower &+ Int64(bitPattern: width &- 1)
        return lower...upper
    }
}
