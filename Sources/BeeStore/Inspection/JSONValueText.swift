/// Values as JSON text, written as the JSON export writes them (see `JSONRowFormat`):
/// for responses that put values and names into JSON of another shape.
package enum JSONValueText {
    /// `value` as a JSON value: integers whole, reals as the shortest decimal that reads
    /// back the same, text as a string, a blob as `{"$base64": true, "encoded": "…"}`.
    package static func text(of value: Value) -> String {
        var buffer = OutputBuffer(ByteCollector())
        switch value {
        case .null: JSONRowFormat.appendValue(.null, into: &buffer)
        case .integer(let integer): JSONRowFormat.appendValue(.integer(integer), into: &buffer)
        case .real(let real): JSONRowFormat.appendValue(.real(real), into: &buffer)
        case .text(let text): Array(text.utf8).withUnsafeBufferPointer { JSONRowFormat.appendValue(.text($0), into: &buffer) }
        case .blob(let data): data.withUnsafeBytes { JSONRowFormat.appendValue(.blob($0), into: &buffer) }
        }
        return String(decoding: buffer.buffered, as: UTF8.self)
    }

    /// `text` as a JSON string.
    package static func string(_ text: String) -> String {
        self.text(of: .text(text))
    }
}
