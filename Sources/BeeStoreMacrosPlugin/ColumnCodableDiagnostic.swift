import SwiftDiagnostics

/// Why `@ColumnCodable` cannot write a type's conformance.
struct ColumnCodableDiagnostic: DiagnosticMessage {
    let message: String
    private let id: String

    var diagnosticID: MessageID { MessageID(domain: "BeeStoreMacros", id: id) }
    var severity: DiagnosticSeverity { .error }

    /// The macro is attached to something other than a struct.
    static let notAStruct = ColumnCodableDiagnostic(
        message: "apply @ColumnCodable to a struct; a class can adopt ColumnCodableRecord by hand",
        id: "notAStruct")

    /// A stored property whose type is only inferred from its initial value.
    static func missingTypeAnnotation(_ property: String) -> ColumnCodableDiagnostic {
        ColumnCodableDiagnostic(
            message: "add a type annotation to '\(property)': @ColumnCodable reads each stored property as its declared type",
            id: "missingTypeAnnotation")
    }

    /// A stored property declared through a pattern, such as `var (a, b): (Int, Int)`.
    static func destructuringPattern(_ pattern: String) -> ColumnCodableDiagnostic {
        ColumnCodableDiagnostic(
            message: "declare '\(pattern)' as separate properties: @ColumnCodable stores one column per property",
            id: "destructuringPattern")
    }

    /// A stored property whose type (or part of it) no column can hold.
    static func unsupportedType(_ property: String, _ type: UnsupportedType) -> ColumnCodableDiagnostic {
        ColumnCodableDiagnostic(
            message: "'\(property)' cannot be stored in a column: \(type.reason)", id: "unsupportedType")
    }
}
