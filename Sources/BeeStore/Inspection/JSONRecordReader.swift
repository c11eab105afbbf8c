import Foundation

/// Reads records from a JSON array of objects, or from newline-delimited JSON (one object
/// per line), whichever the file holds, typing values as ``JSONRowFormat`` writes them:
///
/// - `null` is `NULL`; `true` and `false` are the integers 1 and 0;
/// - a number without a point or an exponent is an integer when it fits in 64 bits,
///   any other number a real;
/// - a string is text;
/// - `{"$base64": true, "encoded": "…"}` is a blob;
/// - any other object or array is text: its JSON, as written.
struct JSONRecordReader: ImportRecordReader {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    /// Whether the records are the elements of an array (rather than lines).
    private var isArray = false
    private var isFinished = false

    /// None: each record names its own.
    let columnNames: [String] = []

    init(_ data: Data) throws {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
            isArray = true
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                isFinished = true
                try expectEnd()
            }
        }
    }

    mutating func next() throws -> ImportRecord? {
        skipWhitespace()
        guard !isFinished, position < bytes.count else {
            guard !isArray || isFinished else { throw malformed("the array is not closed") }
            return nil
        }
        let recordLine = line
        guard bytes[position] == UInt8(ascii: "{") else { throw malformed("a record is not an object") }
        let fields = try parseObject()
        skipWhitespace()
        if isArray {
            guard position < bytes.count else { throw malformed("the array is not closed") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                isFinished = true
                try expectEnd()
            } else {
                throw malformed("expected , or ] after a record")
            }
        }
        return ImportRecord(line: recordLine, fields: fields.map { (column: $0.0, value: $0.1) })
    }

    /// A parsed JSON value, as far as import needs it.
    private enum Parsed {
        case value(Value)
        case object([(String, Parsed)], text: String)
        case array(text: String)

        /// The database value: a blob for Datasette's base64 object, the JSON text of any
        /// other object or array.
        func value() throws -> Value {
            switch self {
            case .value(let value):
                return value
            case .array(let text):
                return .text(text)
            case .object(let fields, let text):
                guard fields.count == 2,
                    case .value(.integer(1))? = fields.first(where: { $0.0 == "$base64" })?.1,
                    case .value(.text(let encoded))? = fields.first(where: { $0.0 == "encoded" })?.1
                else { return .text(text) }
                guard let data = Data(base64Encoded: encoded) else { throw JSONSyntaxError("the base64 of a blob is not valid") }
                return .blob(data)
            }
        }
    }

    /// A syntax error, given its line by ``malformed(_:)`` where it is caught.
    private struct JSONSyntaxError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private func malformed(_ reason: String) -> ImportError {
        ImportError.badRecord(line: line, reason: reason)
    }

    private mutating func parseObject() throws -> [(String, Value)] {
        guard case .object(let fields, _) = try parseValue(depth: 0) else { throw malformed("a record is not an object") }
        do {
            return try fields.map { ($0.0, try $0.1.value()) }
        } catch let error as JSONSyntaxError {
            throw malformed(error.reason)
        }
    }

    private mutating func parseValue(depth: Int) throws -> Parsed {
        guard depth < 512 else { throw malformed("values nested too deeply") }
        skipWhitespace()
        guard position < bytes.count else { throw malformed("a value is missing") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var fields: [(String, Parsed)] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object([], text: text(from: start))
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw malformed("expected a key in quotes")
                }
                let key = try parseString()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw malformed("expected :") }
                position += 1
                fields.append((key, try parseValue(depth: depth + 1)))
                skipWhitespace()
                guard position < bytes.count else { throw malformed("an object is not closed") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(fields, text: text(from: start))
                } else {
                    throw malformed("expected , or } in an object")
                }
            }
        case UInt8(ascii: "["):
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(text: text(from: start))
            }
            while true {
                _ = try parseValue(depth: depth + 1)
                skipWhitespace()
                guard position < bytes.count else { throw malformed("an array is not closed") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(text: text(from: start))
                } else {
                    throw malformed("expected , or ] in an array")
                }
            }
        case UInt8(ascii: "\""):
            return .value(.text(try parseString()))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .value(.integer(1))
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .value(.integer(0))
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .value(.null)
        default:
            while position < bytes.count, Self.numberBytes.contains(bytes[position]) { position += 1 }
            guard position > start, let number = Value(number: text(from: start)) else {
                throw malformed("unexpected \(position < bytes.count ? "character" : "end of the file")")
            }
            return .value(number)
        }
    }

    /// Parses a string (the position is on its opening quote), escapes resolved.
    private mutating func parseString() throws -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun() {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<position], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw malformed("a string is not closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flushRun()
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw malformed("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            flushRun()
            position += 1
            guard position < bytes.count else { throw malformed("a string is not closed") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
            default: throw malformed("an unknown escape in a string")
            }
            runStart = position
        }
    }

    /// The scalar of a `\u` escape and its four hex digits (the position after the `u`), a surrogate pair included.
    private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
        let first = try parseHexQuad()
        if (0xD800..<0xDC00).contains(first), position + 1 < bytes.count,
            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
            position += 2
            let second = try parseHexQuad()
            if (0xDC00..<0xE000).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            {
                return scalar
            }
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func parseHexQuad() throws -> UInt32 {
        guard position + 4 <= bytes.count, let value = UInt32(text(from: position, to: position + 4), radix: 16) else {
            throw malformed("a \\u escape needs four hexadecimal digits")
        }
        position += 4
        return value
    }

    private mutating func expectWord(_ word: String) throws {
        let end = position + word.utf8.count
        guard end <= bytes.count, bytes[position..<end].elementsEqual(word.utf8) else {
            throw malformed("unexpected character")
        }
        position = end
    }

    /// Skips whitespace, counting lines.
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            position += 1
        }
    }

    /// Throws unless only whitespace is left.
    private mutating func expectEnd() throws {
        skipWhitespace()
        guard position == bytes.count else { throw malformed("text after the end of the array") }
    }

    private func text(from start: Int, to end: Int? = nil) -> String {
        String(decoding: bytes[start..<(end ?? position)], as: UTF8.self)
    }

    private static let numberBytes = Set("+-0123456789.eE".utf8)
}
