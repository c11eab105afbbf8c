/// SQL literals that SQLite reads back as exactly the value they were written from.
///
/// SQLite's own text-to-real conversion is not correctly rounded (up to 3.46 it misreads
/// about one double in two hundred, such as `4.766742153205532e-308` or `6.2578431e-07`),
/// so a real is written as a decimal only when that decimal is the value exactly and
/// SQLite's conversion is a single exact division (at most 2⁵³ as digits, at most 22
/// decimal places). Any other real is written as its binary form, an integer times a
/// power of two, which SQLite evaluates without rounding.
enum SQLLiteral {
    /// The largest power of two written as one integer literal.
    private static let largestPowerOfTwo = 62

    /// `value` as an SQL literal or constant expression. Infinities are `9e999` and
    /// `-9e999` (which SQLite reads as infinities), NaN is `NULL` (as SQLite stores it).
    static func real(_ value: Double) -> String {
        guard value.isFinite else {
            return value.isNaN ? "NULL" : (value < 0 ? "-9e999" : "9e999")
        }
        guard value != 0 else { return value.sign == .minus ? "-0.0" : "0.0" }
        let magnitude = value.magnitude
        let sign = value.sign == .minus ? "-" : ""
        // magnitude == mantissa × 2^exponent, with an odd mantissa of at most 53 bits.
        let fractionBits = magnitude.significandWidth
        let mantissa = UInt64(Double(sign: .plus, exponent: fractionBits, significand: magnitude.significand))
        let exponent = Int(magnitude.exponent) - fractionBits
        if let decimal = exactDecimal(mantissa: mantissa, exponent: exponent) {
            return sign + decimal
        }
        var expression = "(CAST(\(sign)\(mantissa) AS REAL)"
        var remaining = exponent.magnitude
        while remaining > 0 {
            let step = min(remaining, UInt(largestPowerOfTwo))
            expression += (exponent < 0 ? " / " : " * ") + String(UInt64(1) << step)
            remaining -= step
        }
        return expression + ")"
    }

    /// `value` as a constant SQLite takes where it refuses expressions (the default of
    /// `ALTER TABLE … ADD COLUMN`): the exact decimal ``real(_:)`` writes when there is
    /// one, else the shortest decimal that reads back as `value` (`0.1`, `1e-05`), which
    /// SQLite reads correctly in all but rare cases (see
    /// `Connection.addColumns(_:)`).
    static func constant(_ value: Double) -> String {
        let literal = real(value)
        return literal.hasPrefix("(") ? "\(value)" : literal
    }

    /// `mantissa × 2^exponent` as a decimal that SQLite reads exactly, if there is one:
    /// `mantissa × 5^-exponent` digits with `-exponent` decimal places.
    private static func exactDecimal(mantissa: UInt64, exponent: Int) -> String? {
        let limit: UInt64 = 1 << 53
        if exponent >= 0 {
            guard exponent < 53, mantissa <= limit >> exponent else { return nil }
            return String(mantissa << exponent) + ".0"
        }
        let places = -exponent
        guard places <= 22 else { return nil }
        var digits = mantissa
        for _ in 0..<places {
            let (product, overflow) = digits.multipliedReportingOverflow(by: 5)
            guard !overflow, product <= limit else { return nil }
            digits = product
        }
        let text = String(digits)
        let padded = String(repeating: "0", count: max(0, places + 1 - text.count)) + text
        let point = padded.index(padded.endIndex, offsetBy: -places)
        return padded[..<point] + "." + padded[point...]
    }

    /// Bytes as a blob literal, `X'00FF'`.
    static func blob(_ bytes: [UInt8]) -> String {
        "X'" + hexDigits(bytes) + "'"
    }

    /// Bytes as hexadecimal digits, two per byte, in uppercase: `00FF`.
    static func hexDigits(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
