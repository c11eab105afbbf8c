import BeeStore
import Foundation

/// Swift source text for values shown as code to copy: escaped on Unicode scalars, so
/// that any name or value reads back as the same string.
enum SwiftLiteral {
    /// `value` as a Swift string literal.
    static func string(_ value: String) -> String {
        var literal = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// `value` as a Swift expression that binds as a value of the same type: a number or
    /// string literal, or a BeeStore `Value`.
    static func value(_ value: Value) -> String {
        switch value {
        case .null: "Value.null"
        case .integer(let integer): String(integer)
        case .real(let real) where real.isFinite: String(real)
        case .real(let real): "Value.real(\(real < 0 ? "-" : "").infinity)"
        case .text(let text): string(text)
        case .blob(let data): "Value.blob(Data([\(data.map { String(format: "0x%02x", $0) }.joined(separator: ", "))]))"
        }
    }
}
