/// One record of a file being imported: where it starts, and its values by column.
struct ImportRecord {
    /// The line of the file where the record starts (1-based).
    let line: Int
    /// The record's columns, in the file's order: for a CSV file, the header's, the same
    /// array for every record, so that comparing them with the last record's is quick.
    let columns: [String]
    /// The record's values, one per column.
    let values: [Value]
}

/// Text formats that ``Inspector/importRows(from:format:into:options:progress:)`` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// CSV with a header record, as the CSV result format writes it (see
    /// `CSVRecordReader`).
    case csv
    /// Tab-separated values: CSV's rules (a header record, quoted fields), with a tab
    /// between fields instead of a comma.
    case tsv
    /// A JSON array of objects, or one object per line (newline-delimited JSON), as the
    /// JSON result format writes them (see `JSONRecordReader`).
    case json
}

/// Reads the records of a file, one at a time.
protocol ImportRecordReader {
    /// The columns the file names before any record (a CSV header); records may name more.
    var columnNames: [String] { get }

    /// How many bytes of the file the records read so far take.
    var consumedByteCount: Int { get }

    /// The next record, nil at the end, or an ``ImportError/badRecord(line:reason:)``.
    mutating func next() throws -> ImportRecord?

    /// The columns of the next record and the storage classes of its values (as
    /// `Value.storageClassName` names them; nil for `NULL`), as ``next()`` reads them.
    mutating func nextStorageClasses() throws -> (columns: [String], classes: [String?])?
}

extension ImportRecordReader {
    /// The storage classes of the values ``next()`` makes.
    mutating func nextStorageClasses() throws -> (columns: [String], classes: [String?])? {
        try next().map { record in (record.columns, record.values.map { $0.isNull ? nil : $0.storageClassName }) }
    }
}
