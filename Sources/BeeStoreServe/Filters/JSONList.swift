import BeeStore
import Foundation

/// The text of a JSON array, read as values: strings as text, numbers as the value their
/// text types as (`2` an integer, `2.5` a real).
enum JSONList {
    /// The elements of the JSON array `text`, nil for each that is not a string or a
    /// number; nil when `text` is not a JSON array.
    static func values(in text: String) -> [Value?]? {
        guard text.unicodeScalars.first == "[",
            let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
        else { return nil }
        return array.map { element in
            switch element {
            case let string as String: .text(string)
            case let number as NSNumber: TypedText.value(of: number.stringValue)
            default: nil
            }
        }
    }
}
