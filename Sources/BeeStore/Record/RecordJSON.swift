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

    /// A nested value decoded from JSON text (or bytes).
    static func value<T: Decodable>(_ type: T.Type, from value: Value, column: String) throws -> T {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let bytes): data = bytes
        default: throw ConversionError.typeMismatch(expected: "JSON text", value: value, column: column)
        }
        return try makeDecoder().decode(type, from: data)
    }
}
