/// A record that reads its columns by position from a statement and binds them by
/// position, without going through `Codable`: the fast path of fetches, lookups and
/// inserts. The `@ColumnCodable` macro (the `BeeStoreMacros` product) writes the
/// conformance from the type's stored properties; it can also be written by hand.
///
/// ``storedProperties`` lists the properties in the order ``init(columns:)`` reads them
/// and ``encode(to:)`` writes them: one `read(_:)` of the ``ColumnReader`` and one
/// `write(_:)` of the ``ColumnWriter`` per property, in that order. The schema is read from the
/// list, so the type needs no placeholder decoding. Relations, JSON values, optionals
/// and raw-value enums are read and written like any other property; records with
/// relations, timestamps or a lock version are saved through their `Codable`
/// conformance, which such a type keeps.
///
/// ```swift
/// struct Track: ColumnCodableRecord {
///     var id: Int64?
///     var name: String
///     var milliseconds: Int
///
///     static let storedProperties = [
///         RecordProperty("id", Int64?.self), RecordProperty("name", String.self),
///         RecordProperty("milliseconds", Int.self),
///     ]
///
///     init(columns: inout ColumnReader) throws {
///         id = try columns.read(Int64?.self)
///         name = try columns.read(String.self)
///         milliseconds = try columns.read(Int.self)
///     }
///
///     func encode(to columns: inout ColumnWriter) throws {
///         try columns.write(id)
///         try columns.write(name)
///         try columns.write(milliseconds)
///     }
/// }
/// ```
public protocol ColumnCodableRecord: ActiveRecord {
    /// The stored properties, in the order the record reads and writes them. When the
    /// mapping declares properties of its own (``RecordMapping/properties(_:)``), those
    /// make the schema and the record is read and written through `Codable`.
    static var storedProperties: [RecordProperty] { get }

    /// Reads the record from its columns: one `read(_:)` of the ``ColumnReader`` per
    /// stored property, in the order of ``storedProperties``.
    init(columns: inout ColumnReader) throws

    /// Writes the record's columns: one `write(_:)` of the ``ColumnWriter`` per stored
    /// property, in the order of ``storedProperties``.
    func encode(to columns: inout ColumnWriter) throws
}
