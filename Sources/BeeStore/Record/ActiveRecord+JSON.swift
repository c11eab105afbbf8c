import Foundation

/// {Bee}'s record constructors: `recordWithJSONData`, `recordWithJSONString`,
/// `recordWithDictionary` and `recordsWithArray`, through `Codable`.
extension ActiveRecord {
    /// A record decoded from JSON data; nested objects decode their relations. JSON that
    /// does not decode as the record is ``RecordError/invalidJSON(record:reason:)``.
    public init(json: Data) throws {
        self = try RecordJSON.decode(Self.self, from: json, record: String(describing: Self.self))
    }

    /// A record decoded from a JSON string.
    public init(jsonString: String) throws {
        try self.init(json: Data(jsonString.utf8))
    }

    /// A record from a dictionary of JSON-compatible values (strings, numbers, booleans,
    /// `NSNull`, arrays and dictionaries of them), keyed as its `CodingKeys`.
    public init(dictionary: [String: Any]) throws {
        try self.init(json: try RecordJSON.data(fromJSONObject: dictionary))
    }

    /// Records from an array of dictionaries, as ``init(dictionary:)`` reads each.
    public static func records(fromArray array: [[String: Any]]) throws -> [Self] {
        try [Self](json: try RecordJSON.data(fromJSONObject: array))
    }

    /// The record as JSON data, keys sorted; a value JSON cannot hold (NaN, an infinity)
    /// is ``RecordError/unencodableJSON(record:property:reason:)``.
    public func jsonData() throws -> Data {
        do {
            return try RecordJSON.makeEncoder().encode(self)
        } catch let error as EncodingError {
            throw RecordError.unencodableJSON(record: String(describing: Self.self), property: nil, reason: error.reason)
        }
    }
}

extension Array where Element: ActiveRecord {
    /// Records decoded from a JSON array, as ``ActiveRecord/init(json:)`` decodes each.
    public init(json: Data) throws {
        self = try RecordJSON.decode([Element].self, from: json, record: String(describing: Element.self))
    }
}

extension RecordJSON {
    /// `type` decoded from JSON given to a constructor of `record`, or
    /// ``RecordError/invalidJSON(record:reason:)``.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, record: String) throws -> T {
        do {
            return try makeDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw RecordError.invalidJSON(record: record, reason: error.reason)
        } catch let error as ConversionError {
            // A date inside the value that is not one.
            throw RecordError.invalidJSON(record: record, reason: error.description)
        }
    }

    /// JSON data of a dictionary or array, or ``RecordError/invalidJSONObject(_:)``.
    static func data(fromJSONObject object: Any) throws -> Data {
        guard JSONSerialization.isValidJSONObject(object) else {
            throw RecordError.invalidJSONObject(String(describing: type(of: object)))
        }
        return try JSONSerialization.data(withJSONObject: object)
    }
}
