/// A list of database values as one text, to bind as one parameter.
///
/// A JSON array, for `json_each` and composite keys: integers and reals as numbers, text as
/// strings (escaped scalar by scalar), `NULL` as `null`. Blobs cannot be written in JSON
/// and are written as their text, which SQLite compares as text.
enum JSONArray {
    static func text(of values: [Value]) -> String {
        ValueListText.text(of: values, brackets: ("[", "]"), null: "null") { real in
            real.isFinite ? "\(real)" : "null"
        } quoted: { string in
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
}

/// A PostgreSQL array's text form, `{1,2,"it's \"x\""}`: integers and reals as numbers
/// (`NaN`, `Infinity`), text in double quotes with backslash and double quote escaped
/// scalar by scalar, `NULL` unquoted; blobs as their text, as in ``JSONArray``.
enum PostgreSQLArray {
    static func text(of values: [Value]) -> String {
        ValueListText.text(of: values, brackets: ("{", "}"), null: "NULL") { real in
            real.isNaN ? "NaN" : real.isInfinite ? (real < 0 ? "-Infinity" : "Infinity") : "\(real)"
        } quoted: { string in
            var result = String.UnicodeScalarView()
            result.append("\"")
            for scalar in string.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { result.append("\\") }
                result.append(scalar)
            }
            result.append("\"")
            return String(result)
        }
    }
}

/// The list both forms share: values between brackets, separated by commas.
private enum ValueListText {
    static func text(
        of values: [Value], brackets: (open: String, close: String), null: String,
        real: (Double) -> String, quoted: (String) -> String
    ) -> String {
        var text = brackets.open
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            switch value {
            case .null: text += null
            case .integer(let integer): text += String(integer)
            case .real(let number): text += real(number)
            case .text(let string): text += quoted(string)
            case .blob(let data): text += quoted(String(decoding: data, as: UTF8.self))
            }
        }
        return text + brackets.close
    }
}
