import Foundation

/// Reads records from a JSON array of objects, or from newline-delimited JSON (one object
/// per line), whichever the file holds, typing values as ``JSONRowFormat`` writes them:
///
/// - `null` is `NULL`; `true` and `false` are the integers 1 and 0;
/// - a number without a point or an exponent is an integer when it fits in 64 bits,
///   any other number a real;
/// - a string is text;
/// - `{"$base64": true, "encoded": "…"}` is a blob;
/// - any other object or array is text: its JSON, as written;
/// - text that is not valid UTF-8 (a lone surrogate escape such as `\ud800` included) is
///   refused, or kept as a blob of its bytes (see ``InvalidUTF8Handling``).
///
/// A record that names a column twice is an ``ImportError/duplicateColumn(line:column:)``.
struct JSONRecordReader: ImportRecordReader {
    private let bytes: [UInt8]
    private let invalidUTF8: InvalidUTF8Handling
    private var position = 0
    private var line = 1
    /// Whether the records are the elements of an array (rather than lines).
    private var isArray = false
    private var isFinished = false

    /// None: each record names its own.
    let columnNames: [String] = []

    var consumedByteCount: Int {
        position
    }

    init(_ data: Data, invalidUTF8: InvalidUTF8Handling = .refuse) throws {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        self.invalidUTF8 = invalidUTF8
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
        let fields = try parseObject(line: recordLine)
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
        return ImportRecord(line: recordLine, columns: fields.map(\.0), values: fields.map(\.1))
    }

    /// A parsed JSON value, as far as import needs it: text as bytes, checked once its
    /// column is known.
    private enum Parsed {
        case value(Value)
        case string([UInt8])
        case object([(key: [UInt8], value: Parsed)], text: ArraySlice<UInt8>)
        case array(text: ArraySlice<UInt8>)

        /// The database value: a blob for Datasette's base64 object, the JSON text of any
        /// other object or array; nil for text that is not valid UTF-8.
        func value() throws -> Value? {
            switch self {
            case .value(let value):
                return value
            case .string(let bytes):
                return Self.text(bytes)
            case .array(let text):
                return Self.text(text)
            case .object(let fields, let text):
                guard fields.count == 2,
                    case .value(.integer(1))? = fields.first(where: { $0.key.elementsEqual("$base64".utf8) })?.value,
                    case .string(let encoded)? = fields.first(where: { $0.key.elementsEqual("encoded".utf8) })?.value
                else { return Self.text(text) }
                guard let data = Data(base64Encoded: Data(encoded)) else {
                    throw JSONSyntaxError("the base64 of a blob is not valid")
                }
                return .blob(data)
            }
        }

        /// The bytes of a string, or of a JSON object or array, as text if they are UTF-8.
        private static func text(_ bytes: some Collection<UInt8>) -> Value? {
            let array = Array(bytes)
            guard array.withUnsafeBufferPointer(isValidUTF8) else { return nil }
            return .text(String(decoding: array, as: UTF8.self))
        }

        /// The bytes the value stands for, when it is text that is not UTF-8.
        var bytes: [UInt8] {
            switch self {
            case .string(let bytes): bytes
            case .array(let text), .object(_, let text): Array(text)
            case .value: []
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

    /// The fields of the record starting on `line`: its columns, each named once, and
    /// their values.
    private mutating func parseObject(line recordLine: Int) throws -> [(String, Value)] {
        guard case .object(let fields, _) = try parseValue(depth: 0) else { throw malformed("a record is not an object") }
        var names = Set<SQLName>()
        return try fields.map { field in
            guard field.key.withUnsafeBufferPointer(isValidUTF8) else {
                throw ImportError.badRecord(line: recordLine, reason: "a column name is not valid UTF-8")
            }
            let column = String(decoding: field.key, as: UTF8.self)
            guard names.insert(SQLName(column)).inserted else {
                throw ImportError.duplicateColumn(line: recordLine, column: column)
            }
            let value: Value?
            do {
                value = try field.value.value()
            } catch let error as JSONSyntaxError {
                throw malformed(error.reason)
            }
            if let value { return (column, value) }
            guard invalidUTF8 == .blob else { throw ImportError.invalidUTF8(line: recordLine, column: column) }
            return (column, .blob(Data(field.value.bytes)))
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
            var fields: [(key: [UInt8], value: Parsed)] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object([], text: bytes[start..<position])
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
                    return .object(fields, text: bytes[start..<position])
                } else {
                    throw malformed("expected , or } in an object")
                }
            }
        case UInt8(ascii: "["):
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(text: bytes[start..<position])
            }
            while true {
                _ = try parseValue(depth: depth + 1)
                skipWhitespace()
                guard position < bytes.count else { throw malformed("an array is not closed") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(text: bytes[start..<position])
                } else {
                    throw malformed("expected , or ] in an array")
                }
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
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

    /// Parses a string (the position is on its opening quote) into the bytes it stands
    /// for, escapes resolved: UTF-8 when the file's bytes are and every `\u` escape is a
    /// scalar or a pair of surrogates.
    private mutating func parseString() throws -> [UInt8] {
        position += 1
        var text: [UInt8] = []
        var runStart = position
        while true {
            guard position < bytes.count else { throw malformed("a string is not closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                text += bytes[runStart..<position]
                position += 1
                return text
            }
            if byte < 0x20 { throw malformed("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            text += bytes[runStart..<position]
            position += 1
            guard position < bytes.count else { throw malformed("a string is not closed") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "u"): try parseUnicodeEscape(into: &text)
            default: throw malformed("an unknown escape in a string")
            }
            runStart = position
        }
    }

    /// Appends the UTF-8 of a `\u` escape and its four hex digits (the position after the
    /// `u`), a surrogate pair included. A lone surrogate gets the three bytes UTF-8 would
    /// give its number, which are not valid UTF-8, so that it is refused or kept as bytes
    /// rather than replaced.
    private mutating func parseUnicodeEscape(into text: inout [UInt8]) throws {
        var code = try parseHexQuad()
        if (0xD800..<0xDC00).contains(code), position + 5 < bytes.count,
            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
            let afterFirst = position
            position += 2
            let second = try parseHexQuad()
            if (0xDC00..<0xE000).contains(second) {
                code = 0x10000 + ((code - 0xD800) << 10) + (second - 0xDC00)
            } else {
                position = afterFirst  // Not a pair: the next escape stands on its own.
            }
        }
        if let scalar = Unicode.Scalar(code) {
            UTF8.encode(scalar) { text.append($0) }
        } else {
            text += [0xE0 | UInt8(code >> 12), 0x80 | UInt8(code >> 6 & 0x3F), 0x80 | UInt8(code & 0x3F)]
        }
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
