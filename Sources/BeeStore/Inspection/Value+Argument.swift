import Foundation

extension Value {
    /// A value written on a command line, bound as the type it reads as:
    ///
    /// - `42`, `-7`: an integer (any 64-bit integer in decimal);
    /// - `2.5`, `1e-3`, `-0.0`: a real (a decimal number with a point or an exponent, or
    ///   an integer too large for 64 bits, as SQLite reads one);
    /// - `null`: `NULL`;
    /// - `text:…`: the text after the prefix, as it is (`text:42`, `text:null`, `text:`);
    /// - `blob:00FF`: the bytes of the hexadecimal digits after the prefix (`blob:` is
    ///   the empty blob);
    /// - anything else: text.
    ///
    /// Throws an ``InspectionError/badArgument(_:reason:)`` for a blob whose digits are
    /// not hexadecimal pairs.
    public init(commandLineArgument argument: String) throws {
        if argument == "null" {
            self = .null
        } else if let text = argument.dropPrefix("text:") {
            self = .text(text)
        } else if let digits = argument.dropPrefix("blob:") {
            guard let bytes = Data(hexadecimal: digits) else {
                throw InspectionError.badArgument(argument, reason: "a blob is written as pairs of hexadecimal digits")
            }
            self = .blob(bytes)
        } else if let number = Value(number: argument) {
            self = number
        } else {
            self = .text(argument)
        }
    }

    /// The number `text` writes: an integer in decimal (`-12`), or a real with a point or
    /// an exponent (`0.5`, `1e999`); nil for anything else, such as `inf`, `0x1F` or ` 1`.
    init?(number text: String) {
        let bytes = Array(text.utf8)
        var index = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? 1 : 0
        let digitsStart = index
        func skipDigits() {
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        skipDigits()
        var integerDigits = index - digitsStart
        var isReal = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            skipDigits()
            integerDigits += index - fractionStart
            isReal = true
        }
        guard integerDigits > 0 else { return nil }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            skipDigits()
            guard index > exponentStart else { return nil }
            isReal = true
        }
        guard index == bytes.count else { return nil }
        if !isReal, let integer = Int64(text) {
            self = .integer(integer)
        } else if let real = Double(text) {
            self = .real(real)
        } else {
            return nil
        }
    }
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

extension Data {
    /// The bytes of pairs of hexadecimal digits (either case); nil for anything else.
    init?(hexadecimal digits: String) {
        let characters = Array(digits.utf8)
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = Self.hexValue(characters[index]), let low = Self.hexValue(characters[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes)
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
