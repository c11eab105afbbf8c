import BeeStore
import BeeStoreMacros

/// The graph's parent on BeeStore's fast path: the columns of ``Parent`` read by position
/// through the code `@ColumnCodable` generates, its children the same way.
@ColumnCodable
struct ColumnCodableParent: ActiveRecord {
    static let tableName = "parent"
    static let mapping = RecordMapping().hasMany("children", foreignKey: "parentId")

    var id: Int64?
    var score: Int64
    var children: [ColumnCodableChild]
}

@ColumnCodable
struct ColumnCodableChild: ActiveRecord {
    static let tableName = "child"

    var id: Int64?
    var a: Int64
    var b: Int64
}

extension ColumnCodableParent: DigestibleParent {
    var childValues: [(a: Int64, b: Int64)] { children.map { ($0.a, $0.b) } }
}
