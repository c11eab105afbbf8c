import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ColumnCodable`: writes a struct's `ColumnCodableRecord` conformance from its stored
/// properties, and its `Columns`.
public struct ColumnCodableMacro: ExtensionMacro {
    /// The extension for the struct `declaration`, or none, with a diagnostic, when the
    /// macro is not attached to a struct or a stored property cannot be read.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ColumnCodableDiagnostic.notAStruct))
            return []
        }
        let members = structure.memberBlock.members
        let scan = StoredPropertyScan(members: members)
        guard scan.diagnostics.isEmpty else {
            scan.diagnostics.forEach(context.diagnose)
            return []
        }
        let accessModifier = structure.modifiers.first { modifier in
            modifier.name.tokenKind == .keyword(.public) || modifier.name.tokenKind == .keyword(.package)
        }
        let declaresColumns = members.contains { member in
            member.decl.asProtocol(NamedDeclSyntax.self)?.name.identifier?.name == "Columns"
        }
        let conformance = ColumnCodableExtension(
            type: TypeSyntax(type), conformances: protocols, accessModifier: accessModifier?.name,
            properties: scan.properties, writesColumns: !declaresColumns)
        return [try conformance.declaration()]
    }
}
