import Foundation

/// Inspection results (``TableSchema``, ``StorageStatistics``, ``IntegrityReport``,
/// ``QueryPlan``, …) as JSON documents: indented, keys sorted and in snake case
/// (`declared_type`, `is_not_null`).
public enum JSONDocument {
    /// `value` as an indented JSON document ending with a line break.
    public static func text(of value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
