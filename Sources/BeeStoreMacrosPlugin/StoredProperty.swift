import SwiftSyntax

/// A stored property that `Codable` codes: one column of the record.
struct StoredProperty {
    /// The name as declared, backticks included (`` `default` ``).
    let identifier: TokenSyntax
    /// The type as declared (`Int64?`, `[Album]`).
    let type: TypeSyntax
    /// The coding key, as a string literal.
    let codingKey: StringLiteralExprSyntax
}
