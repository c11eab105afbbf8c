import Foundation

/// Dates are stored as UTC text, `YYYY-MM-DD HH:MM:SS.SSS`, the format SQLite's own
/// date and time functions read and write, with millisecond precision. Dates outside
/// years 0000–9999 are stored as real seconds since 1970.
extension Date: DatabaseValueConvertible {
    /// UTC text with milliseconds, such as `2026-11-21 12:44:21.123`, rounded to the
    /// nearest millisecond.
    public var databaseValue: Value {
        guard let milliseconds = Int64(exactly: (timeIntervalSince1970 * 1000).rounded()) else {
            return .real(timeIntervalSince1970)
        }
        let (days, millisecondOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = CivilDate.components(fromDays: days)
        guard (0...9999).contains(year) else {
            return .real(timeIntervalSince1970)
        }
        let seconds = millisecondOfDay / 1000
        return .text(
            "\(CivilDate.pad(year, 4))-\(CivilDate.pad(month, 2))-\(CivilDate.pad(day, 2)) "
                + "\(CivilDate.pad(seconds / 3600, 2)):\(CivilDate.pad(seconds / 60 % 60, 2)):"
                + "\(CivilDate.pad(seconds % 60, 2)).\(CivilDate.pad(millisecondOfDay % 1000, 3))"
        )
    }

    /// Reads ISO-8601-like text (`YYYY-MM-DD`, optionally followed by ` HH:MM`, `:SS`,
    /// fractional seconds and a `Z` or `±HH:MM` offset; `T` may separate date and time),
    /// or a number of seconds since 1970.
    public init(databaseValue: Value) throws {
        switch databaseValue {
        case .integer(let seconds):
            self = Date(timeIntervalSince1970: TimeInterval(seconds))
        case .real(let seconds):
            self = Date(timeIntervalSince1970: seconds)
        case .text(let text):
            guard let interval = CivilDate.parse(text) else {
                throw ConversionError.invalidValue(expected: "Date", value: databaseValue, column: nil)
            }
            self = Date(timeIntervalSince1970: interval)
        default:
            throw ConversionError.typeMismatch(expected: "Date", value: databaseValue, column: nil)
        }
    }
}

extension Int64 {
    /// Division rounding towards negative infinity, with a non-negative remainder.
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
        return (quotient, self - quotient * divisor)
    }
}

/// Proleptic Gregorian calendar arithmetic in UTC, without Foundation's calendars
/// (which are slow and locale-dependent).
enum CivilDate {
    /// Year, month and day of a count of days since 1970-01-01.
    static func components(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a calendar date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func pad(_ number: Int64, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Seconds since 1970 of a date-time text, or nil when it is not one.
    static func parse(_ text: String) -> TimeInterval? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        // Whole seconds and the fraction are kept as integers and divided once at the
        // end, so that `…01.234` reads as exactly the double nearest to 1.234.
        var seconds = days(year: year, month: month, day: day) * 86_400
        var fraction = (digits: Int64(0), scale: Int64(1))
        if scanner.skip(" ") || scanner.skip("T") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"),
                let minute = scanner.number(digits: 2), hour < 24, minute < 60
            else { return nil }
            seconds += hour * 3600 + minute * 60
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 60 else { return nil }
                seconds += second
                if scanner.skip(".") {
                    guard let digits = scanner.fraction() else { return nil }
                    fraction = digits
                }
            }
            if scanner.skip("Z") {
                // UTC
            } else if let sign = scanner.sign() {
                guard let offsetHours = scanner.number(digits: 2) else { return nil }
                _ = scanner.skip(":")
                guard let offsetMinutes = scanner.number(digits: 2) else { return nil }
                seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        guard scanner.isAtEnd else { return nil }
        return TimeInterval(seconds * fraction.scale + fraction.digits) / TimeInterval(fraction.scale)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func number(digits: Int) -> Int64? {
            guard position + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[position..<position + digits] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            position += digits
            return value
        }

        /// The digits of a fraction of a second as an integer and its scale (`234`,
        /// `1000` for `.234`); digits past microseconds are read but not kept.
        mutating func fraction() -> (digits: Int64, scale: Int64)? {
            var value: Int64 = 0
            var scale: Int64 = 1
            let start = position
            while position < bytes.count, (48...57).contains(bytes[position]) {
                if scale < 1_000_000 {
                    value = value * 10 + Int64(bytes[position] - 48)
                    scale *= 10
                }
                position += 1
            }
            return position > start ? (value, scale) : nil
        }

        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
