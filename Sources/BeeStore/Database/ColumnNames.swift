/// Column names and a name-to-index lookup, computed once per statement.
///
/// A name is matched by its exact bytes first, then as SQLite matches names (ASCII letters
/// in either case, see ``SQLName``); the first of several equal names wins.
package final class ColumnNames: Sendable {
    package let names: [String]
    /// The names' bytes, when every name is ASCII: then byte equality is `String` equality.
    private let asciiNames: PackedASCIINames?
    /// The first index of each name; a hit is checked byte for byte (`String` equality
    /// also takes canonically equivalent names, which SQLite tells apart).
    private let exact: [String: Int]
    private let folded: [SQLName: Int]
    /// Up to this many columns, names are compared one by one rather than hashed.
    private static let scannedCount = 16

    package init(_ names: [String]) {
        self.names = names
        asciiNames = PackedASCIINames(names)
        var exact: [String: Int] = [:]
        var folded: [SQLName: Int] = [:]
        for (index, name) in names.enumerated() {
            if exact[name] == nil { exact[name] = index }
            let key = SQLName(name)
            if folded[key] == nil { folded[key] = index }
        }
        self.exact = exact
        self.folded = folded
    }

    func index(of name: String) -> Int? {
        // For the usual handful of columns, comparing names beats hashing one, and
        // comparing packed bytes beats comparing strings.
        if names.count <= Self.scannedCount {
            if let asciiNames, let found = name.utf8.withContiguousStorageIfAvailable(asciiNames.firstIndex(of:)) {
                if let index = found { return index }
            } else if let index = names.firstIndex(where: { $0.utf8.elementsEqual(name.utf8) }) {
                return index
            }
        } else if let index = exact[name], names[index].utf8.elementsEqual(name.utf8) {
            return index
        }
        return folded[SQLName(name)]
    }
}

/// ASCII names searched by a one-word key per name, without building or comparing strings.
private struct PackedASCIINames: Sendable {
    /// Per name: its length (at most 255) in the top byte, its first seven bytes below.
    private let keys: [UInt64]
    /// The names' bytes one after another, to compare names longer than seven bytes in full.
    private let bytes: [UInt8]
    /// Where each name starts in `bytes`, then where the last one ends.
    private let bounds: [Int]

    /// Nil unless every name is ASCII.
    init?(_ names: [String]) {
        var keys: [UInt64] = []
        var bytes: [UInt8] = []
        var bounds = [0]
        for name in names {
            let utf8 = Array(name.utf8)
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            keys.append(utf8.withUnsafeBufferPointer(Self.key))
            bytes += utf8
            bounds.append(bytes.count)
        }
        self.keys = keys
        self.bytes = bytes
        self.bounds = bounds
    }

    private static func key(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key = UInt64(min(name.count, 255)) << 56
        for offset in 0..<min(name.count, 7) {
            key |= UInt64(name[offset]) << (offset * 8)
        }
        return key
    }

    /// The index of the first name with exactly these bytes.
    func firstIndex(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = Self.key(name)
        return keys.withUnsafeBufferPointer { keys in
            for index in keys.indices where keys[index] == key {
                if name.count <= 7 || hasTail(of: name, at: index) { return index }
            }
            return nil
        }
    }

    /// Whether the name at `index`, whose key matched, has the same length and the same bytes after the seventh.
    private func hasTail(of name: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let start = bounds[index]
        guard bounds[index + 1] - start == name.count else { return false }
        return (7..<name.count).allSatisfy { bytes[start + $0] == name[$0] }
    }
}
