/// SQLite's type affinity of a declared column type, by its documented rules.
enum Affinity {
    case integer, text, blob, real, numeric

    init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// Whether a column declared as `declaredType` holds a property stored as `type`:
    /// its affinity accepts it, or it is declared as a date or time (`DATETIME`, `DATE`,
    /// `TIMESTAMP`, of numeric affinity), whose values SQLite keeps as text.
    static func column(declaredAs declaredType: String, holds type: ColumnType) -> Bool {
        let holdsDates = ["DATE", "TIME"].contains { declaredType.uppercased().contains($0) }
        return Affinity(declaredType: declaredType).accepts(type) || (holdsDates && type == .text)
    }

    /// Whether the affinity makes numbers of numeric text: a `Decimal` property's column
    /// in a table BeeStore did not create.
    var holdsNumbers: Bool { self == .integer || self == .real || self == .numeric }

    /// Whether a column of this affinity holds a property stored as `type`: untyped
    /// columns hold anything, and the numeric affinities hold each other's numbers.
    func accepts(_ type: ColumnType) -> Bool {
        switch (self, type) {
        case (.blob, _): true
        case (.text, .text): true
        case (.integer, .integer), (.integer, .real), (.real, .integer), (.real, .real): true
        case (.numeric, .integer), (.numeric, .real), (.numeric, .numeric), (.integer, .numeric), (.real, .numeric): true
        default: false
        }
    }

    /// The column type whose declaration has this affinity (`BLOB` for none, which
    /// converts nothing either).
    var columnType: ColumnType {
        switch self {
        case .integer: .integer
        case .text: .text
        case .blob: .blob
        case .real: .real
        case .numeric: .numeric
        }
    }
}
