/// The records of a to-many relation whose children load no relation of their own,
/// decoded as the rows of their statement are stepped and kept by parent key, each as
/// the value the parent's property takes: a typed array (`[Comment]`), or the first
/// child for a has-one relation.
struct LeafChildren {
    private var byParent: [Value: Any] = [:]
    /// What a parent without children gets: an empty typed array, or nothing (has-one).
    private var none: Any?

    /// Decodes the rows of `statement`, the children of `parentCount` parents not decoded
    /// before: each row its parent's key first, then the columns of `schema` (the
    /// children's), rows of one parent together.
    mutating func decode(
        _ type: any ActiveRecord.Type, schema: RecordSchema, isToOne: Bool, parentCount: Int,
        statement: Statement, arguments: StatementArguments
    ) throws {
        func open<Child: ActiveRecord>(_ childType: Child.Type) throws {
            try decode(
                [Child].self, schema: schema, isToOne: isToOne, parentCount: parentCount, statement: statement,
                arguments: arguments)
        }
        try open(type)
    }

    /// Generic over the array type rather than its element: the array's type then comes
    /// with the type parameter, where code working on `[Child]` for a `Child` known only at
    /// run time looks the array type up again at every append.
    private mutating func decode<Children: RangeReplaceableCollection>(
        _ type: Children.Type, schema: RecordSchema, isToOne: Bool, parentCount: Int, statement: Statement,
        arguments: StatementArguments
    ) throws where Children.Element: ActiveRecord {
        none = isToOne ? nil : Children()
        let decoder = RecordDecoder(schema: schema, statement: statement, offset: 1)
        byParent.reserveCapacity(byParent.count + parentCount)
        // `siblings` is never empty here.
        func keep(_ siblings: Children, of parent: Value) {
            byParent[parent] = isToOne ? siblings[siblings.startIndex] : siblings
        }
        try statement.run(arguments) {
            try decoder.keepingContainer {
                var parent = Value.null
                var siblings = Children()
                while try statement.step() {
                    let rowParent = statement.value(at: 0)
                    if rowParent != parent, !siblings.isEmpty {
                        keep(siblings, of: parent)
                        // Sized like the previous parent's: siblings often number alike, and
                        // all the capacity so left unused is at most one slot per child, as
                        // with an array's own growth.
                        let count = siblings.count
                        siblings = Children()
                        siblings.reserveCapacity(count)
                    }
                    parent = rowParent
                    siblings.append(try decoder.decode(Children.Element.self))
                }
                if !siblings.isEmpty { keep(siblings, of: parent) }
            }
        }
    }

    /// The value of the relation's property for `parent`; nil for a has-one relation
    /// without a child.
    func children(of parent: Value) -> Any? {
        byParent[parent] ?? none
    }
}
