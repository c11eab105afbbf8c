import Foundation
import Testing

@testable import BeeStore

/// A record whose static builders (`where`, `orderAsc`, …) are compared with its query's.
private struct ClauseShelf: ActiveRecord {
    var id: Int64?
    var label: String
    var rank: Int
}

/// The clauses a query keeps out of line (``QueryClauses``): a query without them is a
/// few words, and a copy changed afterwards never changes the query it was copied from.
@Suite("Query clauses")
struct QueryClausesTests {
    /// One change to one of the boxed clauses, made in place on a copy.
    struct ClauseChange: CustomTestStringConvertible, Sendable {
        let clause: String
        let change: @Sendable (inout Query) -> Void

        var testDescription: String { clause }
    }

    static let changes: [ClauseChange] = [
        ClauseChange(clause: "selection") { $0.selection.append(.column("rank")) },
        ClauseChange(clause: "isDistinct") { $0.isDistinct.toggle() },
        ClauseChange(clause: "joins") { $0.joins.append(Query.Join(kind: .inner, table: "w", condition: .sql("w.x = t.a"))) },
        ClauseChange(clause: "groupColumns") { $0.groupColumns.append("rank") },
        ClauseChange(clause: "havingConditions") { $0.havingConditions.add(.expression("max(a)", .lessThan, 9), .or) },
        ClauseChange(clause: "ordering") { $0.ordering.append(.random) },
        ClauseChange(clause: "limitCount") { $0.limitCount = 7 },
        ClauseChange(clause: "offsetCount") { $0.offsetCount = 8 },
        ClauseChange(clause: "assignments") { $0.assignments[0].value = .text("changed") },
        ClauseChange(clause: "conflict") { $0.conflict = Query.ConflictClause(columns: ["b"], updates: nil) },
        ClauseChange(clause: "ownColumns") { $0.ownColumns = ColumnReferences(["label": "name"]) },
        ClauseChange(clause: "keepingStoredValueWhenNull") { $0.keepingStoredValueWhenNull.insert("b") },
    ]

    /// A query with every boxed clause set.
    private static var everyClause: Query {
        var query = Query(database: nil, table: "t")
            .select("a", "b").distinct().leftJoin("u", on: "u.id", equals: "t.uid")
            .groupBy("a").having("count(*)", .greaterThan, 1).orderDesc("b").limit(3).offset(4)
            .set("a", 1).set("b", nil).onConflict("a").doUpdate("b")
        query.ownColumns = ColumnReferences(["a": "a"])
        query.keepingStoredValueWhenNull = ["a"]
        return query
    }

    /// Everything the query's clauses show in its statements, and the ones no statement shows.
    private static func rendering(_ query: Query) throws -> [String] {
        [
            query.sql, "\(query.arguments)", try query.insertStatement().sql, "\(try query.insertStatement().arguments)",
            try query.updateStatement().sql,
            "\(query.keepingStoredValueWhenNull.sorted())", "\(query.ownColumns?.columns ?? [:])",
        ]
    }

    @Test("A query with a table and a condition is a few words, the condition held inline")
    func plainQueryIsSmall() {
        #expect(MemoryLayout<Query>.size <= 12 * MemoryLayout<Int>.size)
        let query = Query(database: nil, table: "t").where("a", 1)
        #expect(query.clausesBox == nil, "no clause set: no box")
        #expect(query.conditions.count == 1)
        guard case .comparison("a", .equal, .integer(1)) = query.conditions.soleCondition else {
            Issue.record("the one condition is held as the sole condition")
            return
        }
        #expect(query.where("b", 2).conditions.soleCondition == nil)
        #expect(query.limit(1).clausesBox != nil)
    }

    @Test("A copy changed afterwards leaves the original unchanged", arguments: changes)
    func changedCopyLeavesOriginal(_ clause: ClauseChange) throws {
        let original = Self.everyClause
        let before = try Self.rendering(original)
        var copy = original
        clause.change(&copy)
        #expect(try Self.rendering(original) == before)
        #expect(try Self.rendering(copy) != before, "the change shows in the copy")
    }

    @Test("A copy of a query without clauses changed afterwards leaves the original without any", arguments: changes)
    func changedCopyOfPlainQueryLeavesOriginal(_ clause: ClauseChange) throws {
        let original = Query(database: nil, table: "t").where("a", 1)
        var copy = original.set("a", 2)
        let before = (original.sql, "\(original.arguments)")
        clause.change(&copy)
        #expect(original.clausesBox == nil)
        #expect((original.sql, "\(original.arguments)") == before)
    }

    @Test("The shape cache's template of a query keeps its clauses but the values")
    func templateKeepsClauses() {
        let query = Self.everyClause
        let template = query.selectShapeTemplate
        #expect(template.hasSameSelectShape(as: query))
        #expect(template.assignments.isEmpty && template.conflict == nil && template.limitCount == nil)
        #expect(Query(database: nil, table: "t").where("a", 1).selectShapeTemplate.clausesBox == nil)
    }

    @Test("A lookup by key is only a sole equality without other clauses")
    func soleEqualityNeedsNoClauses() {
        let lookup = Query(database: nil, table: "t").where("id", 1)
        #expect(lookup.soleEquality?.column == "id")
        #expect(lookup.limit(1).soleEquality?.column == "id")
        #expect(lookup.limit(0).soleEquality == nil)
        for clause in Self.changes.filter({ !["limitCount", "assignments", "conflict", "keepingStoredValueWhenNull"].contains($0.clause) }) {
            var changed = lookup
            clause.change(&changed)
            #expect(changed.soleEquality == nil, "\(clause.clause)")
        }
    }

    @Test("A record type's builders make the query its query's builders make")
    func recordTypeBuildersMatchQueryBuilders() throws {
        let query = ClauseShelf.query()
        let pairs: [(RecordQuery<ClauseShelf>, RecordQuery<ClauseShelf>)] = [
            (ClauseShelf.where("rank", 1), query.where("rank", 1)),
            (ClauseShelf.where("label", nil), query.where("label", nil)),
            (ClauseShelf.where("rank", .greaterThan, 2), query.where("rank", .greaterThan, 2)),
            (ClauseShelf.where { $0.where("rank", 1).orWhere("rank", 2) }, query.where { $0.where("rank", 1).orWhere("rank", 2) }),
            (ClauseShelf.whereIn("rank", [1, 2]), query.whereIn("rank", [1, 2])),
            (ClauseShelf.whereNotIn("rank", [3]), query.whereNotIn("rank", [3])),
            (ClauseShelf.like("label", "a_", .prefix), query.like("label", "a_", .prefix)),
            (ClauseShelf.orderAsc("rank"), query.orderAsc("rank")),
            (ClauseShelf.orderDesc("rank"), query.orderDesc("rank")),
            (ClauseShelf.limit(2), query.limit(2)),
            (ClauseShelf.groupBy("rank", "label"), query.groupBy("rank", "label")),
        ]
        for (fromType, fromQuery) in pairs {
            #expect(try fromType.sql == fromQuery.sql)
            #expect(try fromType.selection(schema: RecordSchema.of(ClauseShelf.self)).arguments
                == fromQuery.selection(schema: RecordSchema.of(ClauseShelf.self)).arguments)
        }
    }

    @Test("Conditions added to a copied record query leave the original's")
    func recordQueryConditionsChangeInPlace() throws {
        let original = ClauseShelf.where("rank", 1)
        var copy = original
        copy.conditions.add(.comparison(column: "label", .equal, .text("x")), .or)
        #expect(original.conditions.count == 1)
        #expect(copy.conditions.count == 2)
        #expect(try copy.sql != original.sql)
    }
}
