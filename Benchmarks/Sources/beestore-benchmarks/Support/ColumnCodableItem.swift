import BeeStoreMacros

/// The flat workloads' record on BeeStore's fast path: the columns of ``Item``, read and
/// written by position through the code `@ColumnCodable` generates.
@ColumnCodable
struct ColumnCodableItem: ActiveRecord {
    static let tableName = "item"

    var id: Int64?
    var a: Int64
    var b: Int64
    var c: Int64
    var d: Int64
    var e: Int64
    var f: Int64
    var g: Int64
    var h: Int64
    var i: Int64
    var j: Int64
}

extension ColumnCodableItem {
    init(_ item: Item) {
        self.init(
            id: item.id, a: item.a, b: item.b, c: item.c, d: item.d, e: item.e, f: item.f, g: item.g, h: item.h,
            i: item.i, j: item.j)
    }

    var item: Item { Item(id: id, a: a, b: b, c: c, d: d, e: e, f: f, g: g, h: h, i: i, j: j) }
}
