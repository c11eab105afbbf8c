#if PostgreSQL
import BeeStore
import Foundation
import NIOCore
import PostgresNIO

/// A bound value sent as text with no type (OID 0), so that the server gives it the
/// type its place in the statement calls for, as it does for a quoted literal: `'42'`
/// becomes a `bigint` beside a `bigint` column, `'1'` a `boolean`, `'2024-05-01 10:00:00'`
/// a `timestamptz`, `'E621E1F8-…'` a `uuid`. BeeStore's values carry SQLite's five
/// storage classes only; typed parameters (an `int8` for every integer) would fail
/// wherever the column's type has no implicit cast from them (an integer into a
/// `boolean` column).
struct UntypedParameter: PostgresDynamicTypeEncodable {
    let text: String

    var psqlType: PostgresDataType { .null }
    var psqlFormat: PostgresFormat { .text }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        byteBuffer.writeString(text)
    }

    /// The bindings of `values`, in order; `NULL` for `.null`.
    static func bindings(for values: [Value]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            if let text = text(of: value) {
                bindings.append(UntypedParameter(text: text))
            } else {
                bindings.appendNull()
            }
        }
        return bindings
    }

    /// The text the server reads `value` from; nil for `.null`.
    static func text(of value: Value) -> String? {
        switch value {
        case .null: nil
        case .integer(let integer): String(integer)
        case .real(let real): text(of: real)
        case .text(let text): text
        case .blob(let data): byteaText(of: data)
        }
    }

    /// The text PostgreSQL reads back as the same double: the shortest round-trip digits,
    /// and its own names for the values that are not numbers.
    private static func text(of real: Double) -> String {
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
        return "\(real)"
    }

    /// `bytea`'s hex input form: `\x` and two lowercase digits per byte.
    private static func byteaText(of data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        bytes.reserveCapacity(2 + data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
#endif
