/// A JSON array of database values, for `json_each`: integers and reals as numbers,
/// text as strings (escaped scalar by scalar), `NULL` as `null`. Blobs cannot be
/// written in JSON and are written as their text, which SQLite compares as text.
enum JSONArray {
    static func text(of values: [Value]) -> String {
        var text = "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            switch value {
            case .null: text += "null"
            case .integer(let integer): text += String(integer)
            case .real(let real): text += real.isFinite ? "\(real)" : "null"
            case .text(let string): text += quoted(string)
            case .blob(let data): text += quoted(String(decoding: data, as: UTF8.self))
            }
        }
        return text + "]"
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
