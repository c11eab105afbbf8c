import SwiftSyntax

/// A kind of type that no column can hold: it has no `Codable` conformance, or no single
/// concrete type to read a column as.
enum UnsupportedType {
    case function
    case tuple
    case existential
    case implicitlyUnwrappedOptional(wrapped: String)
    case metatype

    /// What is wrong with the type, and what to write instead.
    var reason: String {
        switch self {
        case .function: "a function type is not Codable"
        case .tuple: "a tuple is not Codable; use a struct"
        case .existential: "an opaque or existential type ('some', 'any', 'P & Q') has no concrete type to read; use a concrete Codable type"
        case .implicitlyUnwrappedOptional(let wrapped): "an implicitly unwrapped optional is not supported; use '\(wrapped)?'"
        case .metatype: "a metatype is not Codable"
        }
    }

    /// The first part of `type` (itself, or a type it is made of, such as an array's
    /// element) that no column can hold, and why.
    static func firstPart(of type: TypeSyntax) -> (node: Syntax, kind: UnsupportedType)? {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(type)
        return finder.found
    }

    /// Walks a type until it meets an unsupported part.
    private final class Finder: SyntaxVisitor {
        var found: (node: Syntax, kind: UnsupportedType)?

        private func record(_ node: some SyntaxProtocol, _ kind: UnsupportedType) -> SyntaxVisitorContinueKind {
            if found == nil { found = (Syntax(node), kind) }
            return .skipChildren
        }

        override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind { record(node, .function) }
        override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind { record(node, .existential) }
        override func visit(_ node: CompositionTypeSyntax) -> SyntaxVisitorContinueKind { record(node, .existential) }
        override func visit(_ node: MetatypeTypeSyntax) -> SyntaxVisitorContinueKind { record(node, .metatype) }

        override func visit(_ node: ImplicitlyUnwrappedOptionalTypeSyntax) -> SyntaxVisitorContinueKind {
            record(node, .implicitlyUnwrappedOptional(wrapped: node.wrappedType.trimmedDescription))
        }

        /// A tuple, unless it is one unlabelled type in parentheses.
        override func visit(_ node: TupleTypeSyntax) -> SyntaxVisitorContinueKind {
            guard node.elements.count == 1, let element = node.elements.first, element.firstName == nil else {
                return record(node, .tuple)
            }
            return .visitChildren
        }
    }
}
