/// One row of a query result: values by column index or by column name.
///
/// ```swift
/// let row = try db.fetchOne("SELECT id, name FROM player WHERE id = ?", [1])!
/// let id: Int = try row.decode(column: "id")
/// let name = try row.decode(String.self, at: 1)
/// let raw: Value? = row["name"]
/// ```
public struct Row: Sendable, Hashable {
    /// The column names of the statement the row came from, shared by all its rows.
    let columns: ColumnNames

    /// The row's values, in column order.
    public let values: [Value]

    package init(columns: ColumnNames, values: [Value]) {
        self.columns = columns
        self.values = values
    }

    /// Creates a row from column names and values (of equal count).
    public init(_ pairs: KeyValuePairs<String, Value>) {
        self.init(columns: ColumnNames(pairs.map(\.key)), values: pairs.map(\.value))
    }

    /// The column names, in order.
    public var columnNames: [String] { columns.names }

    /// The number of columns.
    public var count: Int { values.count }

    /// The index of a column, matched by its exact bytes first, then as SQLite matches names
    /// (ASCII letters in either case; no other folding or Unicode normalization).
    public func index(ofColumn name: String) -> Int? {
        columns.index(of: name)
    }

    /// The value at a column index. The index must be in `0..<count`.
    public subscript(index: Int) -> Value {
        values[index]
    }

    /// The value of a named column, or nil when the row has no such column.
    public subscript(column: String) -> Value? {
        columns.index(of: column).map { values[$0] }
    }

    /// Converts the value at a column index, or throws a ``ConversionError``.
    ///
    /// Inlinable, like ``decode(_:column:)``, so that it is specialized for the decoded
    /// type in the caller instead of converting through the generic protocol.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
        guard values.indices.contains(index) else {
            throw ConversionError.columnIndexOutOfRange(index, columnCount: values.count)
        }
        do {
            return try T(databaseValue: values[index])
        } catch let error as ConversionError {
            throw naming(error, columnAt: index)
        }
    }

    /// Converts the value of a named column, or throws a ``ConversionError``.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, column: String) throws -> T {
        try decode(type, at: requireIndex(ofColumn: column))
    }

    /// The index of a named column, or ``ConversionError/missingColumn(_:available:)``.
    @usableFromInline
    func requireIndex(ofColumn name: String) throws -> Int {
        guard let index = columns.index(of: name) else {
            throw ConversionError.missingColumn(name, available: columns.names)
        }
        return index
    }

    /// A conversion error of the column at `index`, with the column's name.
    @usableFromInline
    func naming(_ error: ConversionError, columnAt index: Int) -> ConversionError {
        error.inColumn(columns.names[index])
    }

    /// The row as a dictionary from column name to value (a later duplicate name wins).
    public var dictionary: [String: Value] {
        Dictionary(zip(columns.names, values), uniquingKeysWith: { _, last in last })
    }

    /// Rows are equal when their column names and values are.
    public static func == (lhs: Row, rhs: Row) -> Bool {
        lhs.values == rhs.values && lhs.columns.names == rhs.columns.names
    }

    /// Hashes the column names and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns.names)
        hasher.combine(values)
    }
}

extension Row: CustomStringConvertible {
    /// `[id:1 name:'Arthur']`.
    public var description: String {
        "[" + zip(columns.names, values).map { "\($0):\($1)" }.joined(separator: " ") + "]"
    }
}
