#if PostgreSQL
import BeeStore
import Foundation
import NIOCore
import PostgresNIO

/// Values of PostgreSQL's types as BeeStore's ``Value``s, in the forms the SQLite side
/// stores them, so that the same `DatabaseValueConvertible` conversions read both:
/// integers and booleans as integers, `numeric` as its decimal text, `uuid` as the
/// canonical text, `timestamptz`, `timestamp` and `date` as BeeStore's UTC date text,
/// `json` and `jsonb` as their text, `bytea` as a blob.
enum CellConversion {
    /// The value of `cell`, or ``PostgreSQLError`` (``PostgreSQLError/Kind/unsupportedType``)
    /// for a type BeeStore does not convert (arrays, ranges, geometric types: select
    /// them as text with `::text`).
    static func value(of cell: PostgresCell) throws -> Value {
        guard var bytes = cell.bytes, cell.dataType != .void else { return .null }
        do {
            switch cell.dataType {
            case .int2, .int4, .int8, .oid:
                return .integer(try cell.decode(Int64.self))
            case .float4, .float8:
                return .real(try cell.decode(Double.self))
            case .bool:
                return .integer(try cell.decode(Bool.self) ? 1 : 0)
            case .numeric:
                return value(of: try cell.decode(Decimal.self))
            case .bytea:
                return .blob(Data(bytes.readableBytesView))
            case .uuid:
                return .text(try cell.decode(UUID.self).uuidString)
            case .timestamptz, .timestamp, .date:
                return try cell.decode(Date.self).databaseValue
            case .jsonb where cell.format == .binary:
                // jsonb's binary form is a version byte (1) before the JSON text.
                bytes.moveReaderIndex(forwardBy: 1)
                return .text(bytes.readString(length: bytes.readableBytes) ?? "")
            case .text, .varchar, .bpchar, .name, .json, .jsonb, .xml, .unknown:
                return .text(bytes.readString(length: bytes.readableBytes) ?? "")
            default:
                if cell.format == .text {
                    return .text(bytes.readString(length: bytes.readableBytes) ?? "")
                }
                throw PostgreSQLError(
                    kind: .unsupportedType,
                    message: "column \(cell.columnName) has type \(cell.dataType), which BeeStore does not convert: select it as text (::text)")
            }
        } catch let error as PostgreSQLError {
            throw error
        } catch {
            throw PostgreSQLError(
                kind: .unsupportedType,
                message: "column \(cell.columnName) (\(cell.dataType)) could not be read: \(error)")
        }
    }

    /// A `numeric` as the value that keeps it exactly: an integer when it is a whole number
    /// that fits, a real when the double reads back as the same decimal (so that an
    /// `avg` reads as a `Double`), its decimal text otherwise (every digit kept, for `Decimal`).
    static func value(of decimal: Decimal) -> Value {
        let text = decimal.description
        if let integer = Int64(text) { return .integer(integer) }
        if let real = Double(text), Decimal(string: "\(real)") == decimal { return .real(real) }
        return .text(text)
    }

    /// The rows of a result, sharing the one list of column names `columns` gives for the
    /// result's names.
    static func rows(of result: [PostgresRow], columns: ([String]) -> ColumnNames) throws -> [Row] {
        guard let first = result.first else { return [] }
        // The first row's cells give the names with the values: postgres-nio makes a cell
        // anew at each access (about 700 instructions), and a one-row result read its
        // cells twice.
        var names: [String] = []
        var values: [Value] = []
        names.reserveCapacity(first.count)
        values.reserveCapacity(first.count)
        for cell in first {
            names.append(cell.columnName)
            values.append(try value(of: cell))
        }
        let columns = columns(names)
        var rows = [Row(columns: columns, values: values)]
        rows.reserveCapacity(result.count)
        for row in result.dropFirst() {
            rows.append(Row(columns: columns, values: try row.map(value(of:))))
        }
        return rows
    }
}
#endif
