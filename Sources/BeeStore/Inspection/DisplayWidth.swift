extension Character {
    /// How many terminal columns the character takes: 2 for East Asian wide and
    /// fullwidth characters and for emoji, 0 for control characters and lone combining
    /// marks, 1 otherwise.
    var displayWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        let properties = first.properties
        if properties.generalCategory == .control || properties.generalCategory == .nonspacingMark
            || properties.generalCategory == .enclosingMark || properties.generalCategory == .format {
            return 0
        }
        if properties.isEmojiPresentation || first.isWide
            || (properties.isEmoji && unicodeScalars.contains("\u{FE0F}")) {
            return 2
        }
        return 1
    }
}

extension Unicode.Scalar {
    /// The East Asian Wide and Fullwidth blocks: Hangul Jamo, CJK ideographs and
    /// punctuation, kana, Hangul syllables, compatibility and fullwidth forms.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Whether the scalar is East Asian wide or fullwidth.
    var isWide: Bool {
        Self.wideRanges.contains { $0.contains(value) }
    }
}

extension String {
    /// How many terminal columns the string takes (see ``Character/displayWidth``).
    var displayWidth: Int {
        if let width = printableASCIIWidth { return width }
        return reduce(0) { $0 + $1.displayWidth }
    }

    /// The width of a string of printable ASCII characters (one column each, measured
    /// without going through `Character`s); nil for any other string.
    private var printableASCIIWidth: Int? {
        let width = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { (0x20..<0x7F).contains($0) } ? bytes.count : nil
        }
        return width ?? nil
    }

    /// The string cut to at most `width` terminal columns, ending with `…` when it was cut.
    func truncated(toDisplayWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        var result = ""
        var used = 0
        for character in self {
            let characterWidth = character.displayWidth
            if used + characterWidth + 1 > width { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }
}
