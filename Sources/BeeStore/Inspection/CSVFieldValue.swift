import Foundation

/// What a field of CSV read by `CSVRecordReader` stands for, read from its bytes without
/// making a string unless the value is text:
///
/// - a quoted field is text (`""` is the empty text);
/// - an empty unquoted field is `NULL`;
/// - an unquoted number is an integer (`42`) or a real (`7.0`, `1e-05`, `1e999`) when it
///   is written exactly as CSV writes that number, so that no digit of it is lost: an
///   integer with a leading zero or a `+` (`007`, `+5`) or too large for 64 bits, and a
///   real that is not the shortest decimal of its value in Swift's form (`1.50`, `1e3`,
///   `.5`, `1E-5`), stay text;
/// - an unquoted `\x` followed by hexadecimal digits is a blob;
/// - any other unquoted field is text, as in CSV files written by other tools.
///
/// The bytes are UTF-8 text: a field that is not is the reader's to refuse or keep as a blob.
enum CSVFieldValue {
    /// The value of a field.
    static func value(of bytes: UnsafeBufferPointer<UInt8>, isQuoted: Bool) -> Value {
        if isQuoted { return .text(String(decoding: bytes, as: UTF8.self)) }
        guard mayBeNumberOrBlob(bytes) else { return bytes.isEmpty ? .null : .text(String(decoding: bytes, as: UTF8.self)) }
        if let integer = shortestInteger(bytes) { return .integer(integer) }
        if let real = shortestReal(bytes) { return .real(real) }
        return otherValue(of: bytes)
    }

    /// The storage class of the field's value (as `Value.storageClassName` names it; nil
    /// for `NULL`), found without making the value when it is text or a number.
    static func storageClass(of bytes: UnsafeBufferPointer<UInt8>, isQuoted: Bool) -> String? {
        if isQuoted { return "text" }
        guard mayBeNumberOrBlob(bytes) else { return bytes.isEmpty ? nil : "text" }
        if shortestInteger(bytes) != nil { return "integer" }
        if shortestReal(bytes) != nil { return "real" }
        return otherValue(of: bytes).storageClassName
    }

    /// Whether an unquoted field may be a number as CSV writes it (it starts with a digit
    /// or a minus sign) or a blob (`\x…`); any other is text, or `NULL` when empty.
    private static func mayBeNumberOrBlob(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        return first == UInt8(ascii: "-") || isDigit(first) || bytes.starts(with: CSVRowFormat.blobPrefix)
    }

    /// The integer of at most 18 digits that `bytes` write in its shortest form (`42`,
    /// `-7`, not `007`, `+5` or `-0`); nil for anything else, which ``otherValue(of:)``
    /// reads the long way.
    private static func shortestInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let isNegative = bytes.first == UInt8(ascii: "-")
        let digits = isNegative ? bytes.dropFirst() : bytes[...]
        guard let first = digits.first, digits.count <= 18, first != UInt8(ascii: "0") || (digits.count == 1 && !isNegative)
        else { return nil }
        var magnitude: Int64 = 0
        for digit in digits {
            guard isDigit(digit) else { return nil }
            magnitude = magnitude * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return isNegative ? -magnitude : magnitude
    }

    /// The longest real, in bytes, that ``shortestReal(_:)`` reads: longer than any
    /// shortest decimal of a double.
    private static let longestReal = 32

    /// The real that `bytes` write with a point or an exponent as Swift writes its shortest
    /// decimal (`0.5`, `1e-05`, `-0.0`; `1e999` for infinity); nil for anything else,
    /// including a real written another way (`1.50`, `1e3`), which is text.
    private static func shortestReal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count <= longestReal, let real = exactReal(bytes) ?? parsedReal(bytes) else { return nil }
        var text = OutputBuffer.text(ofReal: real)
        let isShortest = text.withUTF8 { written in
            written.count == bytes.count && memcmp(written.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
        return isShortest ? real : nil
    }

    /// The powers of ten that a double holds exactly, each the exact product of the one
    /// before and ten.
    private static let exactPowersOfTen: [Double] = (1...22).reduce(into: [1]) { powers, _ in powers.append(powers.last! * 10) }

    /// The real that `bytes` write (`-`, digits, a point and digits, an exponent) when it has
    /// at most 15 significant digits and a small exponent, so that one multiplication or
    /// division of exact doubles gives the nearest double; nil for anything else.
    private static func exactReal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var (digitCount, hasPoint, hasExponent) = (0, false, false)
        while index < bytes.count {
            let byte = bytes[index]
            if isDigit(byte) {
                digitCount += 1
                if significand > 0 || byte != UInt8(ascii: "0") {
                    significantDigits += 1
                    guard significantDigits <= 15 else { return nil }
                    significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                }
                if hasPoint { exponent -= 1 }
            } else if byte == UInt8(ascii: "."), !hasPoint {
                hasPoint = true
            } else {
                break
            }
            index += 1
        }
        guard digitCount > 0 else { return nil }
        if index < bytes.count {
            guard bytes[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            index += 1
            let isNegativeExponent = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var written = 0
            guard index < bytes.count else { return nil }
            while index < bytes.count {
                guard isDigit(bytes[index]), written < 1000 else { return nil }
                written = written * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            exponent += isNegativeExponent ? -written : written
            hasExponent = true
        }
        guard hasPoint || hasExponent, (-22...22).contains(exponent) else { return nil }
        let magnitude = exponent < 0
            ? Double(significand) / exactPowersOfTen[-exponent] : Double(significand) * exactPowersOfTen[exponent]
        return isNegative ? -magnitude : magnitude
    }

    /// The real that `bytes` write, parsed by the C library from a copy on the stack when
    /// they hold only what a real may (digits, a point, signs, an exponent); nil for
    /// anything else.
    private static func parsedReal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }),
            bytes.allSatisfy({
                isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
                    || $0 | 0x20 == UInt8(ascii: "e")
            })
        else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { copy -> Double? in
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let real = strtod(copy.baseAddress!, &end)
            return end == copy.baseAddress! + bytes.count ? real : nil
        }
    }

    /// The value of an unquoted field that may be a number or a blob but is neither a short
    /// integer nor a real: an integer of 19 digits, a blob, or text.
    private static func otherValue(of bytes: UnsafeBufferPointer<UInt8>) -> Value {
        let text = String(decoding: bytes, as: UTF8.self)
        if let number = Value(number: text), case .integer(let integer) = number, String(integer) == text { return number }
        if bytes.starts(with: CSVRowFormat.blobPrefix),
            let blob = Data(hexadecimal: String(text.dropFirst(CSVRowFormat.blobPrefix.count)))
        {
            return .blob(blob)
        }
        return .text(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
