/// What a record query adds to its plain query: the optional relations it loads, the
/// relations it joins, and the expressions it selects after the records' columns.
struct RecordQueryOptions: Sendable {
    /// The optional relations the records are loaded with.
    var inclusion = RelationInclusion()
    /// The relations joined for conditions and ordering, by path.
    var joinedPaths: [String] = []
    /// The expressions selected after the records' columns (see ``RecordQuery/annotated(with:as:)``).
    var annotations: [RecordAnnotation] = []

    /// Whether the records are loaded with optional relations or joined to related ones.
    var involvesRelations: Bool { !inclusion.paths.isEmpty || !joinedPaths.isEmpty }

    /// The options of a record query that has any, shared by its copies and replaced
    /// whole when one of them changes: a query without options (a lookup's, made and
    /// dropped at each call) holds one nil reference instead of a set and two arrays.
    final class Box: Sendable {
        let options: RecordQueryOptions

        init(_ options: RecordQueryOptions) {
            self.options = options
        }
    }
}
