import Foundation

/// The key of a record whose table's primary key is made of several columns, such as
/// a join table's `PRIMARY KEY (PlaylistId, TrackId)`: the values of those columns, in
/// the order the mapping declares them.
///
/// A record type with a composite key says so with `typealias ID = CompositeKey` and
/// declares the key's columns in its mapping; its `id` then needs no stored property:
/// it is read from the key columns' properties, and setting it sets them.
///
/// ```swift
/// struct PlaylistTrack: ActiveRecord {
///     typealias ID = CompositeKey
///     var playlistId: Int64
///     var trackId: Int64
///
///     static let mapping = RecordMapping(table: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"])
///         .column("playlistId", "PlaylistId")
///         .column("trackId", "TrackId")
/// }
///
/// let entry = try PlaylistTrack.find(CompositeKey(1, 3402), in: db)
/// ```
public struct CompositeKey: RecordKey, DatabaseValueConvertible, Hashable {
    /// The key columns' values, in the mapping's order.
    public let values: [Value]

    /// The key made of these values, in the order of the mapping's key columns.
    public init(_ values: any DatabaseValueConvertible...) {
        self.values = values.map(\.databaseValue)
    }

    /// The key made of these values, in the order of the mapping's key columns.
    public init(values: [Value]) {
        self.values = values
    }

    /// The key as one value: a JSON array of its columns' values, the form BeeStore
    /// binds when it looks rows up by key. Nil while a column of the key is `NULL`.
    public var databaseKey: Value? {
        values.contains(.null) ? nil : databaseValue
    }

    /// The key read back from its one-value form.
    public init(databaseKey: Value) throws {
        try self.init(databaseValue: databaseKey)
    }

    /// The JSON array of the key's values (blobs as their text, as in SQLite's JSON).
    public var databaseValue: Value {
        .text(JSONArray.text(of: values))
    }

    /// Reads a JSON array of integers, reals, text and nulls; anything else is a
    /// ``ConversionError``.
    public init(databaseValue: Value) throws {
        guard case .text(let text) = databaseValue,
            let parts = try? JSONDecoder().decode([JSONValue].self, from: Data(text.utf8))
        else {
            throw ConversionError.invalidValue(expected: "CompositeKey", value: databaseValue, column: nil)
        }
        values = parts.map(\.value)
    }

    /// One element of a key's JSON array.
    private struct JSONValue: Decodable {
        let value: Value

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let integer = try? container.decode(Int64.self) {
                value = .integer(integer)
            } else if let real = try? container.decode(Double.self) {
                value = .real(real)
            } else {
                value = .text(try container.decode(String.self))
            }
        }
    }
}

extension ActiveRecord where ID == CompositeKey {
    /// The key columns' values, read from the record's own properties; setting it sets
    /// those properties (a key with another number of values than the mapping's key
    /// columns, or values the properties cannot hold, leaves the record as it is).
    public var id: CompositeKey {
        get {
            guard let schema = try? RecordSchema.of(Self.self), let encoded = try? schema.encoded(self) else {
                return CompositeKey(values: [])
            }
            return CompositeKey(values: schema.primaryKeyIndexes.map { encoded.values[$0] })
        }
        set {
            guard let schema = try? RecordSchema.of(Self.self), var encoded = try? schema.encoded(self),
                newValue.values.count == schema.primaryKeyIndexes.count
            else { return }
            for (index, value) in zip(schema.primaryKeyIndexes, newValue.values) {
                encoded.values[index] = value
                encoded.originals[schema.columns[index].key] = nil
            }
            if let record = try? RecordDecoder(schema: schema, values: encoded.values, decoded: encoded.originals)
                .decode(Self.self) {
                self = record
            }
        }
    }
}

extension RecordSchema {
    /// A record's column values, and the Swift values of its properties when it has
    /// relations (to rebuild it with them).
    func encoded<Record: ActiveRecord>(_ record: Record) throws -> (values: [Value], originals: [String: Any]) {
        let encoder = RecordEncoder(schema: self)
        defer { encoder.dropKeptContainer() }
        try encoder.encode(record)
        return (encoder.values, encoder.originals)
    }
}
