import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides BeeStore's macros.
@main
struct BeeStoreMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ColumnCodableMacro.self]
}
