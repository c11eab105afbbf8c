extension QueryResult {
    /// The rows as a JSON array of objects keyed by column name, one row per line.
    var jsonText: String {
        guard !rows.isEmpty else { return "[]\n" }
        let keys = columnNames.map(\.jsonString)
        let objects = rows.map { row in
            "  {" + zip(keys, row).map { "\($0): \($1.json)" }.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }
}

extension Value {
    /// The value as a JSON value: numbers as numbers (non-finite ones as strings), text
    /// as a string, a blob as a string of hexadecimal digits, `NULL` as `null`.
    fileprivate var json: String {
        switch self {
        case .null: "null"
        case .integer(let integer): String(integer)
        case .real(let real): real.isFinite ? String(real) : String(real).jsonString
        case .text, .blob: plainText.jsonString
        }
    }
}

extension String {
    /// The string as a JSON string literal, quotes, backslashes and control characters escaped.
    fileprivate var jsonString: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
