import SwiftSyntax

/// The `enum CodingKeys` a type declares in its body: the properties it codes, and
/// their keys (a case's string raw value, else its name), as `Codable` reads them.
struct CodingKeysDeclaration {
    /// Each coded property's key, by property name.
    private var keys: [String: StringLiteralExprSyntax] = [:]

    /// The declaration among `members`, or nil when there is none.
    init?(members: MemberBlockItemListSyntax) {
        let declaration = members.lazy
            .compactMap { $0.decl.as(EnumDeclSyntax.self) }
            .first { $0.name.identifier?.name == "CodingKeys" }
        guard let declaration else { return nil }
        for member in declaration.memberBlock.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                let name = element.name.identifier?.name ?? element.name.text
                keys[name] = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.trimmed
                    ?? StringLiteralExprSyntax(content: name)
            }
        }
    }

    /// The key of the property named `property`, or nil when the declaration leaves it out.
    func key(for property: String) -> StringLiteralExprSyntax? {
        keys[property]
    }
}
