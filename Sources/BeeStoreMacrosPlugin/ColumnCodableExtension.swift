import SwiftSyntax
import SwiftSyntaxBuilder

/// The extension `@ColumnCodable` writes: the `ColumnCodableRecord` members reading and
/// writing the properties in declaration order, `Columns`, each property's coding key
/// under the property's name, for queries, and `columns`, the same columns typed by their
/// properties. Its static members are computed, since a generic type cannot have static
/// stored properties.
struct ColumnCodableExtension {
    /// The extended type.
    let type: TypeSyntax
    /// The conformances the type does not declare itself.
    let conformances: [TypeSyntax]
    /// `public` or `package` when the type is, so that the members satisfy its conformance.
    let accessModifier: TokenSyntax?
    /// The coded properties, in declaration order.
    let properties: [StoredProperty]
    /// Whether to write `Columns`: not when the type declares its own.
    let writesColumns: Bool

    func declaration() throws -> ExtensionDeclSyntax {
        let access = accessModifier.map { "\($0.text) " } ?? ""
        let inheritance = conformances.isEmpty ? "" : ": " + conformances.map(\.trimmedDescription).joined(separator: ", ")
        return try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: inheritance)") {
            DeclSyntax(
                """
                \(raw: access)static var storedProperties: [BeeStore.RecordProperty] {
                [
                \(raw: lines { "BeeStore.RecordProperty(\($0.codingKey), \($0.type).self)," })
                ]
                }
                """)
            DeclSyntax(
                """
                \(raw: access)init(columns: inout BeeStore.ColumnReader) throws {
                \(raw: lines { "self.\($0.identifier) = try columns.read(\($0.type).self)" })
                }
                """)
            DeclSyntax(
                """
                \(raw: access)func encode(to columns: inout BeeStore.ColumnWriter) throws {
                \(raw: lines { "try columns.write(self.\($0.identifier))" })
                }
                """)
            if writesColumns {
                DeclSyntax(
                    """
                    /// Each stored property's column, by the coding key a record query accepts.
                    \(raw: access)enum Columns {
                    \(raw: lines { "\(access)static var \($0.identifier): String { \($0.codingKey) }" })
                    }
                    """)
                DeclSyntax(
                    """
                    /// Each stored property's column, typed by the property: comparisons take values of its type.
                    \(raw: access)struct TypedColumns {
                    \(raw: lines { "\(access)var \($0.identifier): BeeStore.TypedColumn<\($0.type)> { .init(\($0.codingKey)) }" })
                    }
                    """)
                DeclSyntax(
                    """
                    /// Each stored property's column, typed by the property.
                    \(raw: access)static var columns: TypedColumns { TypedColumns() }
                    """)
            }
        }
    }

    /// One line per property.
    private func lines(_ line: (StoredProperty) -> String) -> String {
        properties.map(line).joined(separator: "\n")
    }
}
