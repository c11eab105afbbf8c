import BeeStore
import Foundation

/// A database value written into a URL with its type, so that it comes back exactly:
/// `n` (NULL), `i42`, `r0.5`, `tsome text`, `b00ff`. Keys of rows and keyset positions
/// travel this way; a filter's value is plain text, as a user types it.
enum ValueToken {
    /// The token of `value`.
    static func encode(_ value: Value) -> String {
        switch value {
        case .null: "n"
        case .integer(let integer): "i\(integer)"
        case .real(let real): "r\(real)"
        case .text(let text): "t" + text
        case .blob(let data): "b" + data.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// The value of a token, or a ``PageError`` naming it when it is not one.
    static func decode(_ token: String) throws -> Value {
        let body = String(token.unicodeScalars.dropFirst())
        switch token.unicodeScalars.first {
        case "n" where body.isEmpty: return .null
        case "i": if let integer = Int64(body) { return .integer(integer) }
        case "r": if let real = Double(body) { return .real(real) }
        case "t": return .text(body)
        case "b": if let data = hexData(body) { return .blob(data) }
        default: break
        }
        throw PageError.badRequest("not a value: \(token)")
    }

    private static func hexData(_ text: String) -> Data? {
        let bytes = Array(text.utf8)
        guard bytes.count.isMultiple(of: 2) else { return nil }
        var data = Data(capacity: bytes.count / 2)
        for index in stride(from: 0, to: bytes.count, by: 2) {
            guard let byte = UInt8(String(decoding: bytes[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            data.append(byte)
        }
        return data
    }
}
