import BeeStore

/// Text typed into a form (a filter's value, a query parameter) as the value it is bound
/// as: a number when it is written exactly as that number is (`42`, `-7`, `0.5`), so
/// that it matches numbers in columns that declare no type, and text otherwise (`007`,
/// `1e3`, `AC/DC` stay text, which columns with a numeric type still compare as numbers).
enum TypedText {
    static func value(of text: String) -> Value {
        if let integer = Int64(text), String(integer) == text { return .integer(integer) }
        if let real = Double(text), real.isFinite, String(real) == text { return .real(real) }
        return .text(text)
    }

    /// The value as a Swift literal, for code to copy.
    static func swiftLiteral(of text: String) -> String {
        switch value(of: text) {
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        default: SwiftLiteral.string(text)
        }
    }
}
