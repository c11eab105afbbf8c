import ArgumentParser

/// A comma-separated list of column names given to an option, read on Unicode scalars: a
/// name in double quotes is taken as it is (commas and spaces included, `""` for a quote),
/// any other is trimmed of spaces. In a list of sort keys, `asc` or `desc` may follow a
/// name.
struct NameList {
    /// A name, and `asc` or `desc` when written after it.
    struct Item: Equatable {
        let name: String
        let direction: String?
    }

    let items: [Item]

    /// Reads `text`, given to `option`; `sortsBy` when its names may be followed by `asc`
    /// or `desc`. An empty name, or other words after a quoted one, is a usage error.
    init(_ text: String, option: String, sortsBy: Bool = false) throws {
        var items: [Item] = []
        var scalars = Substring(text).unicodeScalars[...]
        var itemFollows = true
        while itemFollows {
            while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
            var quoted: String.UnicodeScalarView?
            if scalars.first == "\"" {
                scalars.removeFirst()
                var name = String.UnicodeScalarView()
                var isClosed = false
                while let scalar = scalars.popFirst() {
                    if scalar == "\"" {
                        guard scalars.first == "\"" else {
                            isClosed = true
                            break
                        }
                        scalars.removeFirst()
                    }
                    name.append(scalar)
                }
                guard isClosed else { throw ValidationError("\(option) has a quoted column name without its closing quote") }
                quoted = name
            }
            var rest = String.UnicodeScalarView()
            itemFollows = false
            while let scalar = scalars.popFirst() {
                if scalar == "," {
                    itemFollows = true
                    break
                }
                rest.append(scalar)
            }
            let item = try Self.item(quoted: quoted.map(String.init), rest: String(rest), sortsBy: sortsBy)
            guard !item.name.isEmpty else { throw ValidationError("\(option) has an empty column name") }
            guard sortsBy || item.direction == nil else {
                throw ValidationError("\(option) takes column names, and \(text) has more after a quoted one")
            }
            items.append(item)
        }
        self.items = items
    }

    /// The item of a quoted name and what follows it, or of unquoted text.
    private static func item(quoted: String?, rest: String, sortsBy: Bool) throws -> Item {
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let direction = words.last.map { $0.lowercased() }.flatMap { $0 == "asc" || $0 == "desc" ? $0 : nil }
        if let quoted {
            guard words.isEmpty || (words.count == 1 && direction != nil) else {
                throw ValidationError("after the quoted column \(quoted) comes \(words.joined(separator: " ")), not asc or desc")
            }
            return Item(name: quoted, direction: direction)
        }
        let trimmed = rest.trimmingCharacters(in: .whitespaces)
        guard sortsBy, words.count > 1, let direction else { return Item(name: trimmed, direction: nil) }
        return Item(name: String(trimmed.dropLast(direction.count)).trimmingCharacters(in: .whitespaces), direction: direction)
    }
}
