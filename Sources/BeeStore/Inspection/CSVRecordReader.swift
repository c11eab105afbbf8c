import Foundation

/// Reads CSV (RFC 4180; records may end with CRLF, LF or CR) whose first record names the
/// columns, or TSV (the same rules with a tab between fields), typing each field as
/// ``CSVRowFormat`` writes it (see `CSVFieldValue`). A field that is not valid UTF-8 is
/// refused, or kept as a blob of its bytes (see ``InvalidUTF8Handling``).
///
/// A file is read a chunk at a time: the reader keeps the bytes from the start of the
/// record it reads to the end of the last chunk, so that its memory is that of a chunk or
/// of the longest record, whatever the size of the file. The fields of the record read
/// last are ranges of those bytes, kept from one record to the next, so that reading a
/// record allocates nothing but the values it makes.
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

    /// Where a field of the record read last is: a range of `bytes`, or, for a quoted
    /// field with doubled quotes, of `unescaped`.
    private struct Field {
        var range: Range<Int>
        var isQuoted: Bool
        var isUnescaped: Bool
    }

    /// The fields of the record read last.
    private var fields: [Field] = []
    /// The bytes of the record's quoted fields that have doubled quotes, undone.
    private var unescaped: [UInt8] = []
    /// The line where the record read last starts.
    private var recordLine = 1
    /// Whether every field of the record read last is UTF-8 text.
    private var recordIsText = true

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
        guard try readRecord() else { throw ImportError.noColumns }
        let header = try mapFields(invalidUTF8: .blob) { bytes, _, isText in isText ? String(decoding: bytes, as: UTF8.self) : nil }
        var names = Set<SQLName>()
        for (index, name) in header.enumerated() {
            guard let name else {
                throw ImportError.badRecord(line: recordLine, reason: "the name of column \(index + 1) is not valid UTF-8")
            }
            guard names.insert(SQLName(name)).inserted else {
                throw ImportError.duplicateColumn(line: recordLine, column: name)
            }
            columns.append(name)
        }
    }

    mutating func next() throws -> ImportRecord? {
        guard try readRecordFields() else { return nil }
        let values = try mapFields { bytes, field, isText in
            isText ? CSVFieldValue.value(of: bytes, isQuoted: field.isQuoted) : .blob(Data(bytes))
        }
        return ImportRecord(line: recordLine, columns: columns, values: values)
    }

    /// The storage classes of the next record's values, found without making them when
    /// they are text or numbers: what typing the columns of a new table needs.
    mutating func nextStorageClasses() throws -> (columns: [String], classes: [String?])? {
        guard try readRecordFields() else { return nil }
        let classes = try mapFields { bytes, field, isText in
            isText ? CSVFieldValue.storageClass(of: bytes, isQuoted: field.isQuoted) : "blob"
        }
        return (columns, classes)
    }

    /// `transform` applied to each field of the record read last: its bytes, where they are,
    /// and whether they are UTF-8 text (a field that is not is an error unless
    /// `invalidUTF8`, by default the reader's, says to keep it as a blob).
    private func mapFields<Element>(
        invalidUTF8: InvalidUTF8Handling? = nil, _ transform: (UnsafeBufferPointer<UInt8>, Field, _ isText: Bool) -> Element
    ) throws -> [Element] {
        try bytes.withUnsafeBufferPointer { bytes in
            try unescaped.withUnsafeBufferPointer { unescaped in
                var elements: [Element] = []
                elements.reserveCapacity(fields.count)
                for (index, field) in fields.enumerated() {
                    let fieldBytes = UnsafeBufferPointer(rebasing: (field.isUnescaped ? unescaped : bytes)[field.range])
                    guard recordIsText || isValidUTF8(fieldBytes) else {
                        guard (invalidUTF8 ?? self.invalidUTF8) == .blob else {
                            throw ImportError.invalidUTF8(line: recordLine, column: columns[index])
                        }
                        elements.append(transform(fieldBytes, field, false))
                        continue
                    }
                    elements.append(transform(fieldBytes, field, true))
                }
                return elements
            }
        }
    }

    /// Reads the next record's fields, as many as the header's; false at the end.
    private mutating func readRecordFields() throws -> Bool {
        guard try readRecord() else { return false }
        guard fields.count == columns.count else {
            throw ImportError.badRecord(line: recordLine, reason: "\(fields.count) fields where the header has \(columns.count)")
        }
        return true
    }

    /// Reads the fields of the next record and the line it starts on; false at the end of
    /// the file (a last empty line included). A record that goes on past the bytes read so
    /// far is read again from its start once the next chunk is in.
    private mutating func readRecord() throws -> Bool {
        while true {
            let (start, startLine) = (position, line)
            do {
                guard try readRecordInBytes() else { return false }
                recordIsText = bytes.withUnsafeBufferPointer { isValidUTF8(UnsafeBufferPointer(rebasing: $0[start..<position])) }
                return true
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

    /// ``readRecord()`` within the bytes read so far.
    private mutating func readRecordInBytes() throws -> Bool {
        guard try !isAtEnd() else { return false }
        recordLine = line
        fields.removeAll(keepingCapacity: true)
        unescaped.removeAll(keepingCapacity: true)
        while true {
            if try !isAtEnd(), bytes[position] == Self.quote {
                fields.append(try readQuotedField())
            } else {
                let start = position
                while try !isAtEnd(), !isFieldEnd(bytes[position]) {
                    if bytes[position] == Self.quote {
                        throw ImportError.badRecord(line: line, reason: "a quote inside a field that does not start with one")
                    }
                    position += 1
                }
                fields.append(Field(range: start..<position, isQuoted: false, isUnescaped: false))
            }
            guard try !isAtEnd() else { return true }
            let byte = bytes[position]
            position += 1
            if byte == self.separator { continue }
            try endLine(after: byte)
            return true
        }
    }

    /// Reads a field in quotes (the position is on its opening quote): a range of the bytes
    /// read when it has no doubled quote, else of `unescaped`, where its bytes are copied
    /// with the doubled quotes undone. The position ends after the closing quote.
    private mutating func readQuotedField() throws -> Field {
        position += 1
        // Where the field starts in `unescaped`, once a doubled quote made it a copy.
        var unescapedStart: Int?
        var segmentStart = position
        while true {
            guard try !isAtEnd() else {
                throw ImportError.badRecord(line: recordLine, reason: "a quoted field is not closed")
            }
            let byte = bytes[position]
            position += 1
            if byte == Self.quote {
                if try !isAtEnd(), bytes[position] == Self.quote {
                    if unescapedStart == nil { unescapedStart = unescaped.count }
                    unescaped.append(contentsOf: bytes[segmentStart..<position])
                    position += 1
                    segmentStart = position
                    continue
                }
                guard try isAtEnd() || isFieldEnd(bytes[position]) else {
                    throw ImportError.badRecord(line: line, reason: "text after a quoted field's closing quote")
                }
                guard let unescapedStart else { return Field(range: segmentStart..<(position - 1), isQuoted: true, isUnescaped: false) }
                unescaped.append(contentsOf: bytes[segmentStart..<(position - 1)])
                return Field(range: unescapedStart..<unescaped.count, isQuoted: true, isUnescaped: true)
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
