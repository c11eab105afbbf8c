import Foundation

/// The JSON coding of nested values and of {Bee}'s JSON constructors: keys sorted (so
/// equal values store equal text), dates as BeeStore stores them (UTC text) and read
/// back from that text, ISO 8601 text or seconds since 1970.
enum RecordJSON {
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            switch date.databaseValue {
            case .text(let text): try container.encode(text)
            default: try container.encode(date.timeIntervalSince1970)
            }
        }
        return encoder
    }

    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: seconds)
            }
            let text = try container.decode(String.self)
            return try Date(databaseValue: .text(text))
        }
        return decoder
    }

    /// JSON text of a nested value.
    static func text<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try makeEncoder().encode(value), as: UTF8.self)
    }

    /// A nested value of a `record` decoded from the JSON text (or bytes) of its column;
    /// ``RecordError/invalidStoredJSON(record:column:type:reason:)`` when it is not JSON of that type.
    static func value<T: Decodable>(_ type: T.Type, from value: Value, record: String, column: String) throws -> T {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let bytes): data = bytes
        default: throw ConversionError.typeMismatch(expected: "JSON text", value: value, column: column)
        }
        do {
            return try makeDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw RecordError.invalidStoredJSON(
                record: record, column: column, type: String(describing: type), reason: error.reason)
        } catch let error as ConversionError {
            // A date inside the value that is not one.
            throw RecordError.invalidStoredJSON(
                record: record, column: column, type: String(describing: type), reason: error.description)
        }
    }
}

extension EncodingError {
    /// What cannot be encoded, and where in the value when not at its top: one line.
    var reason: String {
        guard case .invalidValue(_, let context) = self else { return String(describing: self) }
        return codingFailure(context.debugDescription, at: context.codingPath)
    }
}

extension DecodingError {
    /// What is wrong, and where in the value when not at its top: one line.
    var reason: String {
        let context: Context
        switch self {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
            .dataCorrupted(let found):
            context = found
        @unknown default:
            return String(describing: self)
        }
        return codingFailure(context.debugDescription, at: context.codingPath)
    }
}

/// `description`, after the path to the value it is about when that is not the top.
private func codingFailure(_ description: String, at codingPath: [any CodingKey]) -> String {
    let path = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    return path.isEmpty ? description : "at \(path): \(description)"
}
