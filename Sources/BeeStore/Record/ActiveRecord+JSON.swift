import Foundation

/// {Bee}'s record constructors: `recordWithJSONData`, `recordWithJSONString`,
/// `recordWithDictionary` and `recordsWithArray`, through `Codable`.
extension ActiveRecord {
    /// A record decoded from JSON data; nested objects decode their relations.
    public init(json: Data) throws {
        self = try RecordJSON.makeDecoder().decode(Self.self, from: json)
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

    /// The record as JSON data, keys sorted.
    public func jsonData() throws -> Data {
        try RecordJSON.makeEncoder().encode(self)
    }
}

extension Array where Element: ActiveRecord {
    /// Records decoded from a JSON array.
    public init(json: Data) throws {
        self = try RecordJSON.makeDecoder().decode([Element].self, from: json)
    }
}

extension RecordJSON {
    /// JSON data of a dictionary or array, or ``RecordError/invalidJSONObject(_:)``.
    static func data(fromJSONObject object: Any) throws -> Data {
        guard JSONSerialization.isValidJSONObject(object) else {
            throw RecordError.invalidJSONObject(String(describing: type(of: object)))
        }
        return try JSONSerialization.data(withJSONObject: object)
    }
}
