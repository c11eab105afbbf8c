/// The columns of a record query's own table by the names the query may use for them,
/// ASCII-lowercased: each column's name, and its record property's when that differs
/// (see ``SQLRenderer/ownColumns``). One object per record schema, shared by the queries
/// of its type, so that ``SelectShape`` compares two queries' by identity.
final class ColumnReferences: Sendable {
    /// The column names by reference.
    let columns: [String: String]

    init(_ columns: [String: String]) {
        self.columns = columns
    }

    /// Whether two queries find their own columns alike: both without, the same object,
    /// or the same references to columns of the same bytes.
    static func same(_ left: ColumnReferences?, _ right: ColumnReferences?) -> Bool {
        switch (left, right) {
        case (nil, nil):
            return true
        case (let left?, let right?):
            // References are looked up as the renderer looks them up; the columns are
            // rendered, so their bytes must match.
            return left === right
                || (left.columns.count == right.columns.count
                    && left.columns.allSatisfy { reference, column in
                        right.columns[reference].map { SelectShape.sameBytes($0, column) } ?? false
                    })
        default:
            return false
        }
    }
}
