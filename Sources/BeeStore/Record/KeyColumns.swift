/// The columns a record decoder found for the coding keys `init(from:)` asked for, in the
/// order it asked, remembered by each key's type and bytes: from the second record on, a
/// key with the type and bytes remembered for its turn gets its column without its
/// `stringValue` being made and compared (about 40 instructions a property).
///
/// Two keys of one type with the same bytes are the same value, so they name the same
/// column. Only keys whose type is plain data of 0, 1, 2, 4 or 8 bytes are remembered (a
/// synthesized `CodingKeys` enum is one byte); the others are always found by their
/// string. A key that differs from the one remembered for its turn (an `init(from:)` that
/// asks for its keys in another order from one record to the next) is found by its string,
/// and remembered in place of the other.
struct KeyColumns {
    private struct Entry {
        let type: ObjectIdentifier
        let bits: UInt64
        /// The column's index in schema order; negative when the key has none.
        let column: Int
    }

    private var entries: [Entry] = []
    /// How many keys of the current record were asked for.
    private var turn = 0

    /// Starts again at the first key, for the next record.
    mutating func reset() {
        turn = 0
    }

    /// The bytes of `key`, if its type is plain data of 0, 1, 2, 4 or 8 bytes.
    @inline(__always)
    static func bits<Key>(of key: Key) -> UInt64? {
        guard _isPOD(Key.self) else { return nil }
        // Safe: the key's type is plain data (no reference to count), and each cast is to
        // an integer of exactly its size. No closure: one over a generic value would not be
        // inlined into code generic over the key type, and would cost more than it saves.
        switch MemoryLayout<Key>.size {
        case 0: return 0
        case 1: return UInt64(unsafeBitCast(key, to: UInt8.self))
        case 2: return UInt64(unsafeBitCast(key, to: UInt16.self))
        case 4: return UInt64(unsafeBitCast(key, to: UInt32.self))
        case 8: return unsafeBitCast(key, to: UInt64.self)
        default: return nil
        }
    }

    /// The column remembered for this turn's key, if it has the type `Key` and the bytes
    /// `bits`: the turn is then taken.
    @inline(__always)
    mutating func column<Key>(of type: Key.Type, bits: UInt64) -> Int? {
        guard turn < entries.count else { return nil }
        let entry = entries[turn]
        guard entry.bits == bits, entry.type == ObjectIdentifier(type), entry.column >= 0 else { return nil }
        turn += 1
        return entry.column
    }

    /// Remembers `column` (nil: none) for this turn's key, of type `Key` and bytes `bits`,
    /// and takes the turn.
    mutating func remember<Key>(_ column: Int?, of type: Key.Type, bits: UInt64) {
        let entry = Entry(type: ObjectIdentifier(type), bits: bits, column: column ?? -1)
        if turn < entries.count {
            entries[turn] = entry
        } else {
            entries.append(entry)
        }
        turn += 1
    }
}
