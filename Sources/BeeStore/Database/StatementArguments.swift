/// The values bound to a statement's parameters: positional (`?`) or named
/// (`:name`, `@name`, `$name`). Values are always bound, never spliced into SQL.
///
/// ```swift
/// try db.execute("INSERT INTO player (name, score) VALUES (?, ?)", ["Arthur", 100])
/// try db.execute("UPDATE player SET score = :score WHERE name = :name", ["score": 120, "name": "Arthur"])
/// ```
public struct StatementArguments: Sendable, Equatable {
    // Inside this type `Value` names the dictionary literal's value type, so the
    // database value type is spelled `BeeStore.Value`.

    /// Values bound in order to the positional parameters.
    public var values: [BeeStore.Value]

    /// Values bound by name, keyed by parameter name without its `:`, `@` or `$` prefix.
    public var namedValues: [String: BeeStore.Value]

    /// Positional arguments from database values.
    public init(values: [BeeStore.Value] = []) {
        self.values = values
        self.namedValues = [:]
    }

    /// Positional arguments from any convertible values; `nil` binds `NULL`.
    public init(_ values: [(any DatabaseValueConvertible)?]) {
        self.init(values: values.map { $0?.databaseValue ?? .null })
    }

    /// Named arguments; a leading `:`, `@` or `$` in a name is ignored.
    public init(named: [String: BeeStore.Value]) {
        self.values = []
        self.namedValues = Dictionary(
            named.map { (StatementArguments.bareName($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// A parameter name without its `:`, `@` or `$` prefix.
    static func bareName(_ name: String) -> String {
        guard let first = name.first, ":@$".contains(first) else { return name }
        return String(name.dropFirst())
    }

    /// Whether there is nothing to bind.
    public var isEmpty: Bool {
        values.isEmpty && namedValues.isEmpty
    }
}

extension StatementArguments: ExpressibleByArrayLiteral {
    /// Positional arguments: `["Arthur", 100, nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }
}

extension StatementArguments: ExpressibleByDictionaryLiteral {
    /// Named arguments: `["name": "Arthur", "score": 100]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        var named: [String: BeeStore.Value] = [:]
        for (key, value) in elements {
            named[key] = value?.databaseValue ?? .null
        }
        self.init(named: named)
    }
}
