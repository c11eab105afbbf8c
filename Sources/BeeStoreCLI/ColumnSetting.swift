import ArgumentParser

/// `COLUMN=VALUE`, given to an option: the column's name is read up to the first `=`, or,
/// in double quotes, as it is (`""` for a quote), so that a name holding `=` can be given.
struct ColumnSetting: ExpressibleByArgument {
    let column: String
    let value: String

    init?(argument: String) {
        var scalars = Substring(argument).unicodeScalars[...]
        var name = String.UnicodeScalarView()
        if scalars.first == "\"" {
            scalars.removeFirst()
            while let scalar = scalars.popFirst() {
                if scalar == "\"" {
                    guard scalars.first == "\"" else { break }
                    scalars.removeFirst()
                }
                name.append(scalar)
            }
            guard scalars.first == "=" else { return nil }
        } else {
            while let scalar = scalars.first, scalar != "=" {
                name.append(scalar)
                scalars.removeFirst()
            }
        }
        guard scalars.popFirst() == "=", !name.isEmpty else { return nil }
        column = String(name)
        value = String(scalars)
    }
}
