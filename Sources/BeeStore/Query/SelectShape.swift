import Foundation

/// What the text of a query's `SELECT` depends on, without the values it binds: what
/// ``SelectSQLCache`` keeps beside each text. Two queries of one shape render the same SQL
/// text; only their arguments differ.
///
/// The shape is the table; the selection; `DISTINCT`; the joins; each condition's kind,
/// conjunction, columns and operator (so `IS NULL`, which a nil value gives, is another
/// shape than `= ?`), the length of each `IN` list, the text of raw SQL conditions and of
/// an `IN (SELECT …)`; the grouping and `HAVING`; the ordering; whether a limit and an
/// offset are rendered (they are bound, so their values do not count); the names by
/// which a record query finds its own columns; and the dialect a query renders for, when
/// it is not its database's. Texts are compared byte by byte, as SQLite
/// reads them: two canonically equivalent names that `==` calls equal are two shapes.
///
/// A shape is made only to be stored: a query being rendered is hashed and compared as it
/// is (``hashValue(of:limit:)``, ``matches(_:limit:)``), without a key built from it. It
/// is an object so that reading it from the cache's entries retains one reference
/// instead of copying every part of its query.
final class SelectShape: Sendable {
    /// The query's `SELECT` parts without its values, database and write parts, so that
    /// a cache keeps no user data alive.
    private let template: Query
    private let hasLimit: Bool

    /// The shape of `query`'s `SELECT` rendered with `limit`.
    init(_ query: Query, limit: Int?) {
        template = query.selectShapeTemplate
        hasLimit = limit != nil
    }

    /// Whether `query`, rendered with `limit`, has this shape: the cheap parts (counts,
    /// kinds, flags) compared before any text.
    func matches(_ query: Query, limit: Int?) -> Bool {
        hasLimit == (limit != nil) && template.hasSameSelectShape(as: query)
    }

    /// The hash of the shape of `query` rendered with `limit`; equal for queries that
    /// ``matches(_:limit:)`` calls alike. Texts count by their length and first bytes only,
    /// so that a record's long selection costs little.
    static func hashValue(of query: Query, limit: Int?) -> Int {
        var hasher = Hasher()
        hasher.combine(limit != nil)
        query.hashSelectShape(into: &hasher)
        return hasher.finalize()
    }

    /// Hashes `text` by its UTF-8 length and its first ``hashedPrefix`` bytes.
    static func hashText(_ text: String, into hasher: inout Hasher) {
        let bytes = text.utf8
        hasher.combine(bytes.count)
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer.prefix(hashedPrefix))))
        }
        if hashed == nil {
            for byte in bytes.prefix(hashedPrefix) { hasher.combine(byte) }
        }
    }

    /// How many leading bytes of a text ``hashText(_:into:)`` hashes.
    private static let hashedPrefix = 32

    /// Whether two texts are the same bytes. `==` on `String`s is canonical equivalence
    /// (`"é"` equals `"e\u{301}"`), but SQLite reads bytes, and so does the renderer.
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        let leftBytes = left.utf8
        let rightBytes = right.utf8
        let count = leftBytes.count
        guard count == rightBytes.count else { return false }
        guard count > 0 else { return true }
        let compared = leftBytes.withContiguousStorageIfAvailable { leftBuffer in
            rightBytes.withContiguousStorageIfAvailable { rightBuffer in
                guard let leftStart = leftBuffer.baseAddress, let rightStart = rightBuffer.baseAddress else {
                    return leftBuffer.elementsEqual(rightBuffer)
                }
                // One storage (a record's selection, shared by its queries) needs no scan.
                return leftStart == rightStart || memcmp(leftStart, rightStart, count) == 0
            }
        }
        return (compared ?? nil) ?? leftBytes.elementsEqual(rightBytes)
    }

    /// Whether two optional texts are both absent or the same bytes.
    static func sameBytes(_ left: String?, _ right: String?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (let left?, let right?): sameBytes(left, right)
        default: false
        }
    }

    /// Hashes an optional text: whether it is there, and it.
    static func hashText(_ text: String?, into hasher: inout Hasher) {
        hasher.combine(text != nil)
        if let text { hashText(text, into: &hasher) }
    }

    /// Whether two lists of texts are the same bytes, item by item.
    static func sameBytes(_ left: [String], _ right: [String]) -> Bool {
        same(left, right) { sameBytes($0, $1) }
    }

    /// Whether two lists are as long and `same` holds for their items in turn; the items
    /// are read in place (a `zip` copies each pair).
    static func same<Item>(_ left: [Item], _ right: [Item], _ same: (Item, Item) -> Bool) -> Bool {
        guard left.count == right.count else { return false }
        for index in left.indices where !same(left[index], right[index]) { return false }
        return true
    }

    /// Hashes a list of texts.
    static func hashTexts(_ texts: [String], into hasher: inout Hasher) {
        hasher.combine(texts.count)
        for text in texts { hashText(text, into: &hasher) }
    }
}

extension Query {
    /// Hashes the parts of ``SelectShape``, but the limit.
    func hashSelectShape(into hasher: inout Hasher) {
        SelectShape.hashText(table, into: &hasher)
        hasher.combine(isDistinct)
        hasher.combine(offsetCount != nil)
        hasher.combine(selection.count)
        for item in selection { item.hashShape(into: &hasher) }
        hasher.combine(joins.count)
        for join in joins { join.hashShape(into: &hasher) }
        conditions.hashShape(into: &hasher)
        SelectShape.hashTexts(groupColumns, into: &hasher)
        havingConditions.hashShape(into: &hasher)
        hasher.combine(ordering.count)
        for item in ordering { item.hashShape(into: &hasher) }
        hasher.combine(ownColumns?.columns.count)
        hasher.combine(clausesBox?.clauses.dialect)
    }

    /// Whether the two queries' `SELECT`s render the same text (their limits aside): the
    /// counts and flags first, which tell most other shapes apart, then the texts.
    func hasSameSelectShape(as other: Query) -> Bool {
        isDistinct == other.isDistinct
            && (offsetCount == nil) == (other.offsetCount == nil)
            && selection.count == other.selection.count
            && joins.count == other.joins.count
            && conditions.count == other.conditions.count
            && groupColumns.count == other.groupColumns.count
            && havingConditions.count == other.havingConditions.count
            && ordering.count == other.ordering.count
            && ColumnReferences.same(ownColumns, other.ownColumns)
            && clausesBox?.clauses.dialect == other.clausesBox?.clauses.dialect
            && SelectShape.sameBytes(table, other.table)
            && conditions.hasSameShape(as: other.conditions)
            && SelectShape.same(selection, other.selection) { $0.hasSameShape(as: $1) }
            && SelectShape.same(joins, other.joins) { $0.hasSameShape(as: $1) }
            && SelectShape.sameBytes(groupColumns, other.groupColumns)
            && havingConditions.hasSameShape(as: other.havingConditions)
            && SelectShape.same(ordering, other.ordering) { $0.hasSameShape(as: $1) }
    }

    /// The query's `SELECT` parts with their values left out (the length of `IN` lists
    /// kept), without database or write parts: what a cached shape keeps.
    var selectShapeTemplate: Query {
        var template = Query(database: nil, table: table)
        template.conditions = conditions.withoutValues
        guard let clauses = clausesBox?.clauses else { return template }
        template.changeClauses { kept in
            kept.selection = clauses.selection
            kept.isDistinct = clauses.isDistinct
            kept.joins = clauses.joins
            kept.groupColumns = clauses.groupColumns
            kept.havingConditions = clauses.havingConditions.withoutValues
            kept.ordering = clauses.ordering
            kept.offsetCount = clauses.offsetCount.map { _ in 0 }
            kept.ownColumns = clauses.ownColumns
            kept.dialect = clauses.dialect
        }
        return template
    }
}

extension Query.Selection {
    fileprivate func hashShape(into hasher: inout Hasher) {
        switch self {
        case .column(let name):
            hasher.combine(0)
            SelectShape.hashText(name, into: &hasher)
        case .aggregate(let function, let column, let alias):
            hasher.combine(1)
            SelectShape.hashText(function, into: &hasher)
            SelectShape.hashText(column, into: &hasher)
            SelectShape.hashText(alias, into: &hasher)
        case .sql(let expression):
            hasher.combine(2)
            SelectShape.hashText(expression, into: &hasher)
        case .expression:
            // Never cached (``Query/rendersFreshly``).
            hasher.combine(3)
        }
    }

    fileprivate func hasSameShape(as other: Query.Selection) -> Bool {
        switch (self, other) {
        case (.column(let name), .column(let otherName)):
            return SelectShape.sameBytes(name, otherName)
        case (.aggregate(let function, let column, let alias), .aggregate(let otherFunction, let otherColumn, let otherAlias)):
            return SelectShape.sameBytes(function, otherFunction) && SelectShape.sameBytes(column, otherColumn)
                && SelectShape.sameBytes(alias, otherAlias)
        case (.sql(let expression), .sql(let otherExpression)):
            return SelectShape.sameBytes(expression, otherExpression)
        default:
            return false
        }
    }
}

extension Query.Join {
    fileprivate func hashShape(into hasher: inout Hasher) {
        hasher.combine(kind)
        SelectShape.hashText(table, into: &hasher)
        SelectShape.hashText(alias, into: &hasher)
        switch condition {
        case .columns(let left, let right):
            hasher.combine(0)
            SelectShape.hashText(left, into: &hasher)
            SelectShape.hashText(right, into: &hasher)
        case .sql(let text):
            hasher.combine(1)
            SelectShape.hashText(text, into: &hasher)
        case .expression:
            hasher.combine(2)
        }
    }

    fileprivate func hasSameShape(as other: Query.Join) -> Bool {
        guard kind == other.kind, SelectShape.sameBytes(table, other.table),
            SelectShape.sameBytes(alias, other.alias)
        else { return false }
        switch (condition, other.condition) {
        case (.columns(let left, let right), .columns(let otherLeft, let otherRight)):
            return SelectShape.sameBytes(left, otherLeft) && SelectShape.sameBytes(right, otherRight)
        case (.sql(let text), .sql(let otherText)):
            return SelectShape.sameBytes(text, otherText)
        default:
            return false
        }
    }
}

extension Query.Ordering {
    fileprivate func hashShape(into hasher: inout Hasher) {
        switch self {
        case .column(let column, let direction):
            hasher.combine(0)
            SelectShape.hashText(column, into: &hasher)
            hasher.combine(direction == .ascending)
        case .random:
            hasher.combine(1)
        case .sql(let expression):
            hasher.combine(2)
            SelectShape.hashText(expression, into: &hasher)
        case .expression:
            hasher.combine(3)
        }
    }

    fileprivate func hasSameShape(as other: Query.Ordering) -> Bool {
        switch (self, other) {
        case (.column(let column, let direction), .column(let otherColumn, let otherDirection)):
            return direction == otherDirection && SelectShape.sameBytes(column, otherColumn)
        case (.random, .random):
            return true
        case (.sql(let expression), .sql(let otherExpression)):
            return SelectShape.sameBytes(expression, otherExpression)
        default:
            return false
        }
    }
}

extension Conditions {
    /// The length of the longest `IN (…)` list among the conditions and their groups; 0
    /// without one.
    var longestList: Int {
        var longest = 0
        forEachTerm { term in
            switch term.condition {
            case .inList(_, let values, _): longest = Swift.max(longest, values.count)
            case .group(let group): longest = Swift.max(longest, group.longestList)
            default: break
            }
        }
        return longest
    }

    /// Hashes the conditions' shape: see ``SelectShape``.
    func hashShape(into hasher: inout Hasher) {
        hasher.combine(count)
        forEachTerm { term in
            hasher.combine(term.conjunction == .and)
            term.condition.hashShape(into: &hasher)
        }
    }

    /// Whether the two lists render the same text.
    func hasSameShape(as other: Conditions) -> Bool {
        func sameTerm(_ term: Term, _ other: Term) -> Bool {
            term.conjunction == other.conjunction && term.condition.hasSameShape(as: other.condition)
        }
        switch (first, other.first) {
        case (nil, nil): return true
        case (let term?, let otherTerm?): return sameTerm(term, otherTerm) && SelectShape.same(more, other.more, sameTerm)
        default: return false
        }
    }

    /// The same conditions with every bound value left out (`NULL`, or nothing), each
    /// `IN` list keeping its length.
    var withoutValues: Conditions {
        var stripped = Conditions()
        forEachTerm { term in
            stripped.add(term.condition.withoutValues, term.conjunction)
        }
        return stripped
    }
}

extension Conditions.Condition {
    fileprivate func hashShape(into hasher: inout Hasher) {
        switch self {
        case .comparison(let column, let comparison, _):
            hasher.combine(0)
            SelectShape.hashText(column, into: &hasher)
            SelectShape.hashText(comparison.rawValue, into: &hasher)
        case .isNull(let column, let negated):
            hasher.combine(1)
            SelectShape.hashText(column, into: &hasher)
            hasher.combine(negated)
        case .inList(let column, let values, let negated):
            hasher.combine(2)
            SelectShape.hashText(column, into: &hasher)
            hasher.combine(values.count)
            hasher.combine(negated)
        case .inJSONArray(let column, _, let negated):
            hasher.combine(3)
            SelectShape.hashText(column, into: &hasher)
            hasher.combine(negated)
        case .inJSONRows(let columns, _, let negated):
            hasher.combine(4)
            SelectShape.hashTexts(columns, into: &hasher)
            hasher.combine(negated)
        case .inSelect(let columns, let select):
            hasher.combine(5)
            SelectShape.hashTexts(columns, into: &hasher)
            SelectShape.hashText(select.sql, into: &hasher)
        case .like(let column, _, let negated):
            hasher.combine(6)
            SelectShape.hashText(column, into: &hasher)
            hasher.combine(negated)
        case .expression(let expression, let comparison, _):
            hasher.combine(7)
            SelectShape.hashText(expression, into: &hasher)
            SelectShape.hashText(comparison.rawValue, into: &hasher)
        case .sql(let text, _):
            hasher.combine(8)
            SelectShape.hashText(text, into: &hasher)
        case .group(let group):
            hasher.combine(9)
            group.hashShape(into: &hasher)
        case .predicate:
            hasher.combine(10)
        }
    }

    fileprivate func hasSameShape(as other: Conditions.Condition) -> Bool {
        // The commonest condition first, without the copy of both that the pair switched
        // on below costs.
        if case .comparison(let column, let comparison, _) = self {
            guard case .comparison(let otherColumn, let otherComparison, _) = other else { return false }
            return comparison == otherComparison && SelectShape.sameBytes(column, otherColumn)
        }
        switch (self, other) {
        case (.isNull(let column, let negated), .isNull(let otherColumn, let otherNegated)):
            return negated == otherNegated && SelectShape.sameBytes(column, otherColumn)
        case (.inList(let column, let values, let negated), .inList(let otherColumn, let otherValues, let otherNegated)):
            return negated == otherNegated && values.count == otherValues.count && SelectShape.sameBytes(column, otherColumn)
        case (.inJSONArray(let column, _, let negated), .inJSONArray(let otherColumn, _, let otherNegated)):
            return negated == otherNegated && SelectShape.sameBytes(column, otherColumn)
        case (.inJSONRows(let columns, _, let negated), .inJSONRows(let otherColumns, _, let otherNegated)):
            return negated == otherNegated && SelectShape.sameBytes(columns, otherColumns)
        case (.inSelect(let columns, let select), .inSelect(let otherColumns, let otherSelect)):
            return SelectShape.sameBytes(columns, otherColumns) && SelectShape.sameBytes(select.sql, otherSelect.sql)
        case (.like(let column, _, let negated), .like(let otherColumn, _, let otherNegated)):
            return negated == otherNegated && SelectShape.sameBytes(column, otherColumn)
        case (.expression(let expression, let comparison, _), .expression(let otherExpression, let otherComparison, _)):
            return comparison == otherComparison && SelectShape.sameBytes(expression, otherExpression)
        case (.sql(let text, _), .sql(let otherText, _)):
            return SelectShape.sameBytes(text, otherText)
        case (.group(let group), .group(let otherGroup)):
            return group.hasSameShape(as: otherGroup)
        default:
            return false
        }
    }

    /// The condition with its bound values left out.
    fileprivate var withoutValues: Conditions.Condition {
        switch self {
        case .comparison(let column, let comparison, _): .comparison(column: column, comparison, .null)
        case .isNull: self
        case .inList(let column, let values, let negated):
            .inList(column: column, Array(repeating: .null, count: values.count), negated: negated)
        case .inJSONArray(let column, _, let negated): .inJSONArray(column: column, [], negated: negated)
        case .inJSONRows(let columns, _, let negated): .inJSONRows(columns: columns, .null, negated: negated)
        case .inSelect(let columns, let select): .inSelect(columns: columns, SQLStatement(sql: select.sql))
        case .like(let column, _, let negated): .like(column: column, pattern: "", negated: negated)
        case .expression(let expression, let comparison, _): .expression(expression, comparison, .null)
        case .sql(let text, _): .sql(text, [])
        case .group(let group): .group(group.withoutValues)
        case .predicate: self
        }
    }
}
