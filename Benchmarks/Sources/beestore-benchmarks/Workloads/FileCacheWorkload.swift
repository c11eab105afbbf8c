import BeeStore
import BenchmarkSupport
import Foundation

/// Writes values of one size under distinct keys into an empty file cache, then reads
/// them all back: BeeStore's `FileCache` (manifest, checksums, atomic writes) in a fresh
/// directory for each trial, against the floor of plain files named by key, written
/// and read with `FileManager`. Every read must return the bytes written.
final class FileCacheWorkload: Workload {
    let rawRatioTarget: Double? = nil
    let libraries = Library.caches
    private let number: String
    private let valueSize: Int
    private let keys: [String]
    /// Overlapping slices of one pseudo-random buffer: distinct values without holding
    /// each one's bytes separately.
    private let values: [Data]

    init(number: String, entries: Int, valueSize: Int) {
        self.number = number
        self.valueSize = valueSize
        keys = (0..<entries).map { "entry-\($0)" }
        let stride = 256
        var state: UInt64 = 0xF11E
        let words = (0..<(entries * stride + valueSize) / 8 + 1).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        let buffer = words.withUnsafeBytes { Data($0) }
        values = (0..<entries).map { buffer[$0 * stride ..< $0 * stride + valueSize] }
    }

    var name: String {
        let size = valueSize.isMultiple(of: 1 << 10) ? "\(valueSize >> 10) KiB" : "\(valueSize) B"
        return "\(number). file cache, \(grouped(keys.count)) writes then reads of \(size) (vs files)"
    }

    var operations: Operations { Operations(count: keys.count, unit: "write and read") }

    func setUp(in scratch: Scratch) throws {}

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        let (keys, values) = (keys, values)
        let directory = try scratch.freshDirectory("cache")
        var reads: [Data?] = []
        reads.reserveCapacity(keys.count)
        var close: () -> Void = {}
        let run: () throws -> Void
        switch library {
        case .beeStore:
            var cache: FileCache? = try FileCache(directory: directory)
            close = { cache = nil }
            run = {
                guard let cache else { return }
                for index in keys.indices {
                    try cache.setValue(values[index], forKey: keys[index])
                }
                for key in keys {
                    reads.append(try cache.value(forKey: key))
                }
            }
        case .foundation:
            let files = FileManager.default
            let path = directory.path
            run = {
                for index in keys.indices where !files.createFile(atPath: path + "/" + keys[index], contents: values[index]) {
                    throw CheckFailure("could not write \(keys[index])")
                }
                for key in keys {
                    reads.append(files.contents(atPath: path + "/" + key))
                }
            }
        case .raw, .grdbCodable, .grdbHandWritten, .beeStoreColumnCodable:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) {
            close()
            try expectEqual(reads.count, values.count, "values read")
            for (index, read) in reads.enumerated() where read != values[index] {
                throw CheckFailure("\(keys[index]): read \(read?.count ?? 0) bytes that differ from the \(values[index].count) written")
            }
            try FileManager.default.removeItem(at: directory)
        }
    }

    func tearDown() {}
}
