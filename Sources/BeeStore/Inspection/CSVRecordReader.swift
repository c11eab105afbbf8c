import Foundation

/// Reads CSV (RFC 4180; records may end with CRLF, LF or CR) whose first record names the
/// columns, or TSV (the same rules with a tab between fields), typing each field as
/// ``CSVRowFormat`` writes it:
///
/// - a quoted field is text (`""` is the empty text);
/// - an empty unquoted field is `NULL`;
/// - an unquoted number is an integer (`42`) or a real (`7.0`, `1e-05`, `1e999`) when it
///   is written exactly as CSV writes that number, so that no digit of it is lost: an
///   integer with a leading zero or a `+` (`007`, `+5`) or too large for 64 bits, and a
///   real that is not the shortest decimal of its value in Swift's form (`1.50`, `1e3`,
///   `.5`, `1E-5`), stay text;
/// - an unquoted `\x` followed by hexadecimal digits is a blob;
/// - any other unquoted field is text, as in CSV files written by other tools;
/// - a field that is not valid UTF-8 is refused, or kept as a blob of its bytes (see
///   ``InvalidUTF8Handling``).
///
/// A file is read a chunk at a time: the reader keeps the bytes from the start of the
/// record it reads to the end of the last chunk, so that its memory is that of a chunk or
/// of the longest record, whatever the size of the file.
struct CSVRecordReader: ImportRecordReader {
    /// The bytes of the file from `discardedByteCount` on, up to what was read of it.
    private var bytes: [UInt8]
    /// The bytes of the file before `bytes`, dropped once read.
    private var discardedByteCount = 0
    /// The rest of the file, nil once it is all in `bytes`.
    private var rest: FileHandle?
    private let invalidUTF8: InvalidUTF8Handling
    /// The byte between two fields: a comma, or a tab.
    private let separator: UInt8
    private var position = 0
    private var line = 1
    private var columns: [String] = []

    var columnNames: [String] {
        columns
    }

    var consumedByteCount: Int {
        discardedByteCount + position
    }

    /// How much of a file is read at a time.
    private static let chunkSize = 1 << 20

    /// A reader of `data` whose fields are separated by `separator` (a comma or a tab),
    /// having read its header: an ``ImportError/noColumns`` for a file without one, an
    /// ``ImportError/duplicateColumn(line:column:)`` for a header naming a column twice, an
    /// ``ImportError/badRecord(line:reason:)`` for a name that is not UTF-8.
    init(_ data: Data, separator: UInt8 = UInt8(ascii: ","), invalidUTF8: InvalidUTF8Handling = .refuse) throws {
        try self.init(bytes: [UInt8](data), rest: nil, separator: separator, invalidUTF8: invalidUTF8)
    }

    /// A reader of the file at `path`, read a chunk at a time, as ``init(_:separator:invalidUTF8:)``
    /// reads data.
    init(fileAt path: String, separator: UInt8 = UInt8(ascii: ","), invalidUTF8: InvalidUTF8Handling = .refuse) throws {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        try self.init(bytes: [], rest: file, separator: separator, invalidUTF8: invalidUTF8)
    }

    private init(bytes: [UInt8], rest: FileHandle?, separator: UInt8, invalidUTF8: InvalidUTF8Handling) throws {
        self.bytes = bytes
        self.rest = rest
        self.invalidUTF8 = invalidUTF8
        self.separator = separator
        while self.bytes.count < 3, self.rest != nil { try readChunk(keepingFrom: 0) }
        if self.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        guard let header = try readFields() else { throw ImportError.noColumns }
        var names = Set<SQLName>()
        for (index, field) in header.fields.enumerated() {
            guard field.bytes.withUnsafeBufferPointer(isValidUTF8) else {
                throw ImportError.badRecord(line: header.line, reason: "the name of column \(index + 1) is not valid UTF-8")
            }
            let name = String(decoding: field.bytes, as: UTF8.self)
            guard names.insert(SQLName(name)).inserted else {
                throw ImportError.duplicateColumn(line: header.line, column: name)
            }
            columns.append(name)
        }
    }

    mutating func next() throws -> ImportRecord? {
        guard let record = try readRecordFields() else { return nil }
        return ImportRecord(
            line: record.line, columns: columns,
            values: try zip(columns, record.fields).map { column, field in
                try Self.isText(field, line: record.line, column: column, invalidUTF8: invalidUTF8)
                    ? Self.value(of: field) : .blob(Data(field.bytes))
            })
    }

    /// The storage classes of the next record's values, made only for the fields that may
    /// be numbers or blobs: what typing the columns of a new table needs.
    mutating func nextStorageClasses() throws -> (columns: [String], classes: [String?])? {
        guard let record = try readRecordFields() else { return nil }
        return (
            columns,
            try zip(columns, record.fields).map { column, field in
                guard try Self.isText(field, line: record.line, column: column, invalidUTF8: invalidUTF8) else { return "blob" }
                if field.isQuoted { return "text" }
                guard Self.mayBeNumberOrBlob(field.bytes) else { return field.bytes.isEmpty ? nil : "text" }
                if Self.shortestInteger(field.bytes) != nil { return "integer" }
                let value = Self.value(of: field)
                return value.isNull ? nil : value.storageClassName
            }
        )
    }

    /// The fields of the next record, as many as the header's, and the line it starts on.
    private mutating func readRecordFields() throws -> (line: Int, fields: [(bytes: ArraySlice<UInt8>, isQuoted: Bool)])? {
        guard let record = try readFields() else { return nil }
        guard record.fields.count == columns.count else {
            throw ImportError.badRecord(
                line: record.line, reason: "\(record.fields.count) fields where the header has \(columns.count)")
        }
        return record
    }

    /// Whether `field` is UTF-8 text; if not, an error or (with ``InvalidUTF8Handling/blob``) false.
    private static func isText(
        _ field: (bytes: ArraySlice<UInt8>, isQuoted: Bool), line: Int, column: String, invalidUTF8: InvalidUTF8Handling
    ) throws -> Bool {
        guard field.bytes.withUnsafeBufferPointer(isValidUTF8) else {
            guard invalidUTF8 == .blob else { throw ImportError.invalidUTF8(line: line, column: column) }
            return false
        }
        return true
    }

    /// The integer of at most 18 digits that `bytes` write in its shortest form (`42`,
    /// `-7`, not `007`, `+5` or `-0`), read without making a string; nil for anything else,
    /// which ``value(of:)`` reads the long way.
    private static func shortestInteger(_ bytes: ArraySlice<UInt8>) -> Int64? {
        let isNegative = bytes.first == UInt8(ascii: "-")
        let digits = isNegative ? bytes.dropFirst() : bytes
        guard let first = digits.first, digits.count <= 18, first != UInt8(ascii: "0") || (digits.count == 1 && !isNegative)
        else { return nil }
        var magnitude: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            magnitude = magnitude * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return isNegative ? -magnitude : magnitude
    }

    /// Whether an unquoted field may be a number as CSV writes it (it starts with a digit
    /// or a minus sign) or a blob (`\x…`); any other is text, or `NULL` when empty.
    private static func mayBeNumberOrBlob(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        return first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
            || bytes.starts(with: CSVRowFormat.blobPrefix)
    }

    /// Whether `text`, read as `number`, is how CSV writes that number: an integer in its
    /// shortest form, a real as the shortest decimal that reads back as it (an integer too
    /// large for 64 bits reads as a real, which is written otherwise).
    private static func isWrittenAsCSVWritesIt(_ number: Value, _ text: String) -> Bool {
        switch number {
        case .integer(let integer): String(integer) == text
        case .real(let real): OutputBuffer.text(ofReal: real) == text
        default: false
        }
    }

    /// The value a field of UTF-8 text stands for.
    private static func value(of field: (bytes: ArraySlice<UInt8>, isQuoted: Bool)) -> Value {
        if !field.isQuoted, let integer = shortestInteger(field.bytes) { return .integer(integer) }
        let text = String(decoding: field.bytes, as: UTF8.self)
        if field.isQuoted { return .text(text) }
        if field.bytes.isEmpty { return .null }
        guard mayBeNumberOrBlob(field.bytes) else { return .text(text) }
        if let number = Value(number: text), isWrittenAsCSVWritesIt(number, text) { return number }
        if field.bytes.starts(with: CSVRowFormat.blobPrefix),
            let blob = Data(hexadecimal: String(text.dropFirst(CSVRowFormat.blobPrefix.count)))
        {
            return .blob(blob)
        }
        return .text(text)
    }

    /// The fields of the next record and the line it starts on; nil at the end of the
    /// file (a last empty line included). A record that goes on past the bytes read so
    /// far is read again from its start once the next chunk is in.
    private mutating func readFields() throws -> (line: Int, fields: [(bytes: ArraySlice<UInt8>, isQuoted: Bool)])? {
        while true {
            let (start, startLine) = (position, line)
            do {
                return try readFieldsInBytes()
            } catch is EndOfBytes {
                line = startLine
                try readChunk(keepingFrom: start)
            }
        }
    }

    /// Reads the next chunk of the file, dropping the bytes before `start`: the position
    /// is then `start`'s new place.
    private mutating func readChunk(keepingFrom start: Int) throws {
        guard let file = rest else { return }
        let chunk = try file.read(upToCount: Self.chunkSize) ?? Data()
        bytes.removeSubrange(0..<start)
        discardedByteCount += start
        position = 0
        if chunk.isEmpty {
            rest = nil
            try file.close()
        } else {
            bytes.append(contentsOf: chunk)
        }
    }

    /// Thrown where a record reaches the end of the bytes read while the file goes on.
    private struct EndOfBytes: Error {}

    /// Whether the position is at the end of the file; throws ``EndOfBytes`` at the end of
    /// the bytes read when the file goes on.
    @inline(__always)
    private func isAtEnd() throws -> Bool {
        guard position == bytes.count else { return false }
        if rest != nil { throw EndOfBytes() }
        return true
    }

    /// ``readFields()`` within the bytes read so far.
    private mutating func readFieldsInBytes() throws -> (line: Int, fields: [(bytes: ArraySlice<UInt8>, isQuoted: Bool)])? {
        guard try !isAtEnd() else { return nil }
        let startLine = line
        var fields: [(bytes: ArraySlice<UInt8>, isQuoted: Bool)] = []
        fields.reserveCapacity(columns.count)
        while true {
            if try !isAtEnd(), bytes[position] == Self.quote {
                fields.append((try readQuotedField(startLine: startLine), true))
            } else {
                let start = position
                while try !isAtEnd(), !isFieldEnd(bytes[position]) {
                    if bytes[position] == Self.quote {
                        throw ImportError.badRecord(line: line, reason: "a quote inside a field that does not start with one")
                    }
                    position += 1
                }
                fields.append((bytes[start..<position], false))
            }
            guard try !isAtEnd() else { return (startLine, fields) }
            let byte = bytes[position]
            position += 1
            if byte == self.separator { continue }
            try endLine(after: byte)
            return (startLine, fields)
        }
    }

    /// Reads a field in quotes (the position is on its opening quote) and returns its
    /// bytes, doubled quotes undone: a slice of the bytes read when it has none, else a
    /// copy. The position ends after the closing quote.
    private mutating func readQuotedField(startLine: Int) throws -> ArraySlice<UInt8> {
        position += 1
        // The field so far, up to `segmentStart`, once a doubled quote made it a copy.
        var unescaped: [UInt8] = []
        var hasDoubledQuote = false
        var segmentStart = position
        while true {
            guard try !isAtEnd() else {
                throw ImportError.badRecord(line: startLine, reason: "a quoted field is not closed")
            }
            let byte = bytes[position]
            position += 1
            if byte == Self.quote {
                if try !isAtEnd(), bytes[position] == Self.quote {
                    unescaped.append(contentsOf: bytes[segmentStart..<position])
                    hasDoubledQuote = true
                    position += 1
                    segmentStart = position
                    continue
                }
                guard try isAtEnd() || isFieldEnd(bytes[position]) else {
                    throw ImportError.badRecord(line: line, reason: "text after a quoted field's closing quote")
                }
                let rest = bytes[segmentStart..<(position - 1)]
                guard hasDoubledQuote else { return rest }
                unescaped.append(contentsOf: rest)
                return unescaped[...]
            }
            if byte == Self.carriageReturn, try !isAtEnd(), bytes[position] == Self.lineFeed { position += 1 }
            if byte == Self.carriageReturn || byte == Self.lineFeed { line += 1 }
        }
    }

    /// Counts a line break (CRLF once), the position being after `byte`.
    private mutating func endLine(after byte: UInt8) throws {
        line += 1
        if byte == Self.carriageReturn, try !isAtEnd(), bytes[position] == Self.lineFeed { position += 1 }
    }

    private func isFieldEnd(_ byte: UInt8) -> Bool {
        byte == separator || byte == Self.carriageReturn || byte == Self.lineFeed
    }

    private static let quote = UInt8(ascii: "\"")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")
}
