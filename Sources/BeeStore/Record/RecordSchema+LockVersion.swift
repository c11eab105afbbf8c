/// Optimistic locking: the versions a record's writes check and give its row (see
/// ``RecordMapping/lockVersion(_:)``).
extension RecordSchema {
    /// The lock version a record's column values hold (in schema order); nil for a type
    /// without one. A value that is not an integer is a ``ConversionError``.
    func lockVersion(in values: [Value]) throws -> Int64? {
        guard let index = lockVersionIndex else { return nil }
        guard case .integer(let version) = values[index] else {
            throw ConversionError.typeMismatch(expected: "Int64", value: values[index], column: columns[index].name)
        }
        return version
    }

    /// The lock version of `record`; nil for a type without one.
    func lockVersion<Record: ActiveRecord>(of record: Record) throws -> Int64? {
        guard lockVersionIndex != nil else { return nil }
        let encoder = RecordEncoder(schema: self)
        defer { encoder.dropKeptContainer() }
        try encoder.encode(record)
        return try lockVersion(in: encoder.values)
    }

    /// Gives column values the version an update of their row writes, one more than
    /// `expected`, and removes the property's Swift value from `rebuilt` so that the
    /// saved record is decoded with the new version. The largest version is a
    /// ``ConversionError``: it has no next one.
    func advanceLockVersion(from expected: Int64, in values: inout [Value], rebuilding rebuilt: inout [String: Any]) throws {
        guard let index = lockVersionIndex else { return }
        let (next, overflows) = expected.addingReportingOverflow(1)
        guard !overflows else {
            throw ConversionError.invalidValue(
                expected: "a lock version below Int64.max", value: .integer(expected), column: columns[index].name)
        }
        values[index] = .integer(next)
        rebuilt[columns[index].key] = nil
    }
}

extension RecordSchema {
    /// Why a write of the row with `key` (an update, or a record's delete) found none: no
    /// row has the key (``RecordError/notFound(record:id:)``), or, when the write checked
    /// the row's lock version (`expectedVersion`), the row holds another
    /// (``RecordError/versionConflict(record:id:expectedVersion:)``); `rowExists` tells
    /// whether a row has a key.
    func missedRowError(
        key: Value, expectedVersion: Int64?, rowExists: (Value) throws -> Bool
    ) throws -> RecordError {
        guard let expectedVersion, try rowExists(key) else {
            return RecordError.notFound(record: recordName, id: key)
        }
        return RecordError.versionConflict(record: recordName, id: key, expectedVersion: expectedVersion)
    }
}

extension Connection {
    /// Why a write of the row of `schema` with `key` found none, on this connection (see
    /// ``RecordSchema/missedRowError(key:expectedVersion:rowExists:)``).
    func missedRowError(key: Value, of schema: RecordSchema, expectedVersion: Int64?) throws -> RecordError {
        try schema.missedRowError(key: key, expectedVersion: expectedVersion) { try rowExists($0, of: schema) }
    }
}
