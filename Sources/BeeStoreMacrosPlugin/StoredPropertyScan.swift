import SwiftDiagnostics
import SwiftSyntax

/// The stored properties of a struct's body that `Codable` codes, in declaration order,
/// and a diagnostic for each one whose column cannot be read.
///
/// Computed properties (accessors other than `willSet` and `didSet`), `static` and
/// `class` properties, and `let` properties with an initial value are not stored; when
/// the struct declares `CodingKeys`, only the properties it lists are coded, under its keys.
struct StoredPropertyScan {
    private(set) var properties: [StoredProperty] = []
    private(set) var diagnostics: [Diagnostic] = []
    private let codingKeys: CodingKeysDeclaration?

    init(members: MemberBlockItemListSyntax) {
        codingKeys = CodingKeysDeclaration(members: members)
        for member in members {
            if let variable = member.decl.as(VariableDeclSyntax.self) { scan(variable) }
        }
    }

    private mutating func scan(_ variable: VariableDeclSyntax) {
        let isTypeProperty = variable.modifiers.contains { modifier in
            modifier.name.tokenKind == .keyword(.static) || modifier.name.tokenKind == .keyword(.class)
        }
        guard !isTypeProperty else { return }
        let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let bindings = Array(variable.bindings)
        for (index, binding) in bindings.enumerated() where Self.isStored(binding) {
            if isConstant && binding.initializer != nil { continue }
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                diagnose(binding.pattern, .destructuringPattern(binding.pattern.trimmedDescription))
                continue
            }
            guard let codingKey = codingKey(for: pattern.identifier) else { continue }
            guard let type = Self.declaredType(ofBindingAt: index, in: bindings) else {
                diagnose(pattern, .missingTypeAnnotation(pattern.identifier.trimmedDescription))
                continue
            }
            if let unsupported = UnsupportedType.firstPart(of: type) {
                diagnose(unsupported.node, .unsupportedType(pattern.identifier.trimmedDescription, unsupported.kind))
                continue
            }
            properties.append(StoredProperty(identifier: pattern.identifier.trimmed, type: type.trimmed, codingKey: codingKey))
        }
    }

    /// The coding key of the property `identifier` names: its name (without backticks),
    /// unless `CodingKeys` renames it; nil when `CodingKeys` leaves it out.
    private func codingKey(for identifier: TokenSyntax) -> StringLiteralExprSyntax? {
        let name = identifier.identifier?.name ?? identifier.text
        guard let codingKeys else { return StringLiteralExprSyntax(content: name) }
        return codingKeys.key(for: name)
    }

    private mutating func diagnose(_ node: some SyntaxProtocol, _ message: ColumnCodableDiagnostic) {
        diagnostics.append(Diagnostic(node: node, message: message))
    }

    /// Whether the binding stores its value: no accessors, or only observers.
    private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: true
        case .getter: false
        case .accessors(let accessors):
            accessors.allSatisfy { accessor in
                accessor.accessorSpecifier.tokenKind == .keyword(.willSet)
                    || accessor.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }

    /// The binding's declared type: its own annotation, or the next one in the
    /// declaration (`a` in `var a, b: Int`); nil when it only has an initial value.
    private static func declaredType(ofBindingAt index: Int, in bindings: [PatternBindingSyntax]) -> TypeSyntax? {
        for binding in bindings[index...] {
            if let annotation = binding.typeAnnotation { return annotation.type }
            if binding.initializer != nil { return nil }
        }
        return nil
    }
}
