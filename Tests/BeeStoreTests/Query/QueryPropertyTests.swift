import Foundation
import Testing

@testable import BeeStore

/// Random where/order/limit combinations on a seeded table: the builder's rows must equal
/// those of the same query written by hand in SQL, and those of the same filter in Swift.
@Suite("Query builder: random queries against hand-written SQL")
struct QueryPropertyTests {
    static let caseCount = 300
    static let rowCount = 200

    /// SplitMix64: a tiny deterministic generator, the same sequence on every platform.
    struct SplitMix64 {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func int(_ range: Range<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }

        mutating func chance(_ percent: Int) -> Bool {
            int(0..<100) < percent
        }

        mutating func pick<T>(_ items: [T]) -> T {
            items[int(0..<items.count)]
        }
    }

    static let names = ["alpha", "Alpha", "ALPHABET", "beta", "bet_a", "100%", "10_0", "gamma", "Gamma ray", "delta", "omega!", "e"]
    static let likeTexts = ["a", "AL", "bet", "_", "%", "0%", "pha", "ray", "!", "e", "zz", "ga", "10"]
    static let numericColumns = ["a", "b", "score"]
    static let columns = ["a", "b", "name", "score"]

    // MARK: The model of a random query

    enum Conjunction { case and, or }

    indirect enum Condition {
        case equal(String, Value)
        case compare(String, ComparisonOperator, Value)
        case inList(String, [Value], negated: Bool)
        case like(String, String, LikeMatch, negated: Bool)
        case group([(Conjunction, Condition)])
    }

    struct Case {
        var conditions: [(Conjunction, Condition)] = []
        var ordering: [(String, OrderDirection)] = []
        var limit: Int?
        var offset: Int?
    }

    // MARK: Random generation

    static func value(for column: String, _ random: inout SplitMix64, nullPercent: Int = 12) -> Value {
        if random.chance(nullPercent) { return .null }
        switch column {
        case "a": return .integer(Int64(random.int(0..<20)))
        case "b": return .integer(Int64(random.int(-5..<5)))
        case "score": return random.chance(30) ? .integer(Int64(random.int(0..<10))) : .real(Double(random.int(0..<40)) * 0.25)
        default: return .text(random.pick(names))
        }
    }

    static func condition(_ random: inout SplitMix64, depth: Int) -> Condition {
        let column = random.pick(columns)
        switch random.int(0..<(depth == 0 ? 11 : 10)) {
        case 0, 1:
            return .equal(column, value(for: column, &random, nullPercent: 20))
        case 2, 3, 4:
            let comparison = random.pick([ComparisonOperator.equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual])
            return .compare(column, comparison, value(for: column, &random, nullPercent: 15))
        case 5, 6, 7:
            let values = (0..<random.int(0..<5)).map { _ in value(for: column, &random, nullPercent: 8) }
            return .inList(column, values, negated: random.chance(50))
        case 8, 9:
            let match = random.pick([LikeMatch.contains, .prefix, .suffix])
            return .like("name", random.pick(likeTexts), match, negated: random.chance(35))
        default:
            return .group(conditions(&random, count: random.int(1..<4), depth: depth + 1))
        }
    }

    static func conditions(_ random: inout SplitMix64, count: Int, depth: Int) -> [(Conjunction, Condition)] {
        (0..<count).map { _ in (random.chance(35) ? .or : .and, condition(&random, depth: depth)) }
    }

    static func randomCase(_ random: inout SplitMix64) -> Case {
        var result = Case()
        result.conditions = conditions(&random, count: random.int(0..<5), depth: 0)
        for _ in 0..<random.int(0..<3) {
            result.ordering.append((random.pick(columns), random.chance(50) ? .ascending : .descending))
        }
        result.ordering.append(("id", random.chance(70) ? .ascending : .descending))
        if random.chance(60) { result.limit = random.int(0..<40) }
        if random.chance(50) { result.offset = random.int(0..<60) }
        return result
    }

    // MARK: The builder

    static func build(_ base: Query, _ testCase: Case) -> Query {
        var query = apply(testCase.conditions, to: base)
        for (column, direction) in testCase.ordering {
            query = direction == .ascending ? query.orderAsc(column) : query.orderDesc(column)
        }
        if let limit = testCase.limit { query = query.limit(limit) }
        if let offset = testCase.offset { query = query.offset(offset) }
        return query
    }

    static func apply<F: Filterable>(_ conditions: [(Conjunction, Condition)], to start: F) -> F {
        conditions.reduce(start) { query, term in
            let (conjunction, condition) = term
            let or = conjunction == .or
            let optional = { (value: Value) -> (any DatabaseValueConvertible)? in value.isNull ? nil : value }
            switch condition {
            case .equal(let column, let value):
                return or ? query.orWhere(column, optional(value)) : query.where(column, optional(value))
            case .compare(let column, let comparison, let value):
                return or ? query.orWhere(column, comparison, optional(value)) : query.where(column, comparison, optional(value))
            case .inList(let column, let values, let negated):
                let list = values.map(optional)
                switch (or, negated) {
                case (false, false): return query.whereIn(column, list)
                case (true, false): return query.orWhereIn(column, list)
                case (false, true): return query.whereNotIn(column, list)
                case (true, true): return query.orWhereNotIn(column, list)
                }
            case .like(let column, let text, let match, let negated):
                switch (or, negated) {
                case (false, false): return query.like(column, text, match)
                case (true, false): return query.orLike(column, text, match)
                case (false, true): return query.notLike(column, text, match)
                case (true, true): return query.orNotLike(column, text, match)
                }
            case .group(let inner):
                return or ? query.orWhere { apply(inner, to: $0) } : query.where { apply(inner, to: $0) }
            }
        }
    }

    // MARK: The same query by hand: bare identifiers, `!` as the LIKE escape, constants for empty lists

    static func handSQL(_ testCase: Case) -> (sql: String, arguments: [Value]) {
        var arguments: [Value] = []
        var sql = "SELECT id, a, b, name, score FROM sample"
        if !testCase.conditions.isEmpty {
            sql += " WHERE " + handConditions(testCase.conditions, &arguments)
        }
        sql += " ORDER BY " + testCase.ordering.map { "\($0.0) \($0.1 == .ascending ? "ASC" : "DESC")" }.joined(separator: ", ")
        switch (testCase.limit, testCase.offset) {
        case (nil, nil): break
        case (let limit?, nil): sql += " LIMIT ?"; arguments.append(.integer(Int64(limit)))
        case (nil, let offset?): sql += " LIMIT -1 OFFSET ?"; arguments.append(.integer(Int64(offset)))
        case (let limit?, let offset?): sql += " LIMIT ? OFFSET ?"; arguments += [.integer(Int64(limit)), .integer(Int64(offset))]
        }
        return (sql, arguments)
    }

    static func handConditions(_ conditions: [(Conjunction, Condition)], _ arguments: inout [Value]) -> String {
        var parts: [String] = []
        for (index, (conjunction, condition)) in conditions.enumerated() {
            if index > 0 { parts.append(conjunction == .or ? "OR" : "AND") }
            switch condition {
            case .equal(let column, let value):
                if value.isNull {
                    parts.append("\(column) IS NULL")
                } else {
                    parts.append("\(column) = ?")
                    arguments.append(value)
                }
            case .compare(let column, let comparison, let value):
                switch (comparison, value) {
                case (.equal, .null): parts.append("\(column) IS NULL")
                case (.notEqual, .null): parts.append("\(column) IS NOT NULL")
                case (_, .null): parts.append("\(column) \(comparison.rawValue) NULL")
                default:
                    parts.append("\(column) \(comparison.rawValue) ?")
                    arguments.append(value)
                }
            case .inList(let column, let values, let negated):
                if values.isEmpty {
                    parts.append(negated ? "1" : "0")
                } else {
                    parts.append("\(column) \(negated ? "NOT IN" : "IN") (\(values.map { _ in "?" }.joined(separator: ",")))")
                    arguments += values
                }
            case .like(let column, let text, let match, let negated):
                var escaped = ""
                for character in text {
                    if "%_!".contains(character) { escaped.append("!") }
                    escaped.append(character)
                }
                let pattern = match == .prefix ? escaped + "%" : match == .suffix ? "%" + escaped : "%" + escaped + "%"
                parts.append("\(column) \(negated ? "NOT LIKE" : "LIKE") ? ESCAPE '!'")
                arguments.append(.text(pattern))
            case .group(let inner):
                parts.append("(" + handConditions(inner, &arguments) + ")")
            }
        }
        return parts.joined(separator: " ")
    }

    // MARK: The same query in Swift, over the seeded rows

    /// SQLite's order of values: NULL, then numbers, then text; text by its bytes.
    static func compare(_ lhs: Value, _ rhs: Value) -> Int {
        func rank(_ value: Value) -> Int {
            switch value {
            case .null: 0
            case .integer, .real: 1
            case .text: 2
            case .blob: 3
            }
        }
        func number(_ value: Value) -> Double {
            switch value {
            case .integer(let integer): Double(integer)
            case .real(let real): real
            default: 0
            }
        }
        if rank(lhs) != rank(rhs) { return rank(lhs) < rank(rhs) ? -1 : 1 }
        switch (lhs, rhs) {
        case (.text(let left), .text(let right)):
            let (l, r) = (Array(left.utf8), Array(right.utf8))
            return l == r ? 0 : l.lexicographicallyPrecedes(r) ? -1 : 1
        case (.null, .null):
            return 0
        default:
            let (l, r) = (number(lhs), number(rhs))
            return l == r ? 0 : l < r ? -1 : 1
        }
    }

    /// Whether the condition is TRUE for the row (FALSE and NULL both reject it; as no NOT
    /// applies to a compound condition, "is true" composes through AND and OR).
    static func isTrue(_ condition: Condition, _ row: [String: Value]) -> Bool {
        switch condition {
        case .equal(let column, let value):
            return value.isNull ? row[column, default: .null].isNull : isTrue(.compare(column, .equal, value), row)
        case .compare(let column, let comparison, let value):
            let field = row[column, default: .null]
            if comparison == .equal && value.isNull { return field.isNull }
            if comparison == .notEqual && value.isNull { return !field.isNull }
            if field.isNull || value.isNull { return false }
            let order = compare(field, value)
            switch comparison {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .lessThan: return order < 0
            case .lessThanOrEqual: return order <= 0
            case .greaterThan: return order > 0
            case .greaterThanOrEqual: return order >= 0
            }
        case .inList(let column, let values, let negated):
            if values.isEmpty { return negated }
            let field = row[column, default: .null]
            if field.isNull { return false }
            let found = values.contains { !$0.isNull && compare(field, $0) == 0 }
            return negated ? !found && !values.contains(where: \.isNull) : found
        case .like(let column, let text, let match, let negated):
            guard case .text(let field) = row[column, default: .null] else { return false }
            let (haystack, needle) = (field.lowercased(), text.lowercased())
            let matches = switch match {
            case .prefix: haystack.hasPrefix(needle)
            case .suffix: haystack.hasSuffix(needle)
            default: haystack.contains(needle)
            }
            return matches != negated
        case .group(let inner):
            return isTrue(inner, row)
        }
    }

    /// `AND` binds tighter than `OR`: the terms split into OR-ed runs of AND-ed conditions.
    static func isTrue(_ conditions: [(Conjunction, Condition)], _ row: [String: Value]) -> Bool {
        var runs: [[Condition]] = []
        for (index, (conjunction, condition)) in conditions.enumerated() {
            if index == 0 || conjunction == .or { runs.append([condition]) } else { runs[runs.count - 1].append(condition) }
        }
        return runs.contains { run in run.allSatisfy { isTrue($0, row) } }
    }

    static func swiftIDs(_ testCase: Case, _ rows: [[String: Value]]) -> [Value] {
        let sorted = rows.filter { testCase.conditions.isEmpty || isTrue(testCase.conditions, $0) }.sorted { lhs, rhs in
            for (column, direction) in testCase.ordering {
                let order = compare(lhs[column, default: .null], rhs[column, default: .null])
                if order != 0 { return direction == .ascending ? order < 0 : order > 0 }
            }
            return false
        }
        let skipped = sorted.dropFirst(testCase.offset ?? 0)
        return (testCase.limit.map { Array(skipped.prefix($0)) } ?? Array(skipped)).map { $0["id", default: .null] }
    }

    // MARK: The test

    @Test func randomQueriesMatchHandWrittenSQLAndASwiftFilter() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE sample (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, name TEXT, score REAL)")
        var random = SplitMix64(state: 0xBEE5_7023)
        var seeded: [[String: Value]] = []
        try db.transaction { connection in
            for id in 1...Self.rowCount {
                var values: [Value] = [.integer(Int64(id))] + Self.columns.map { Self.value(for: $0, &random, nullPercent: 18) }
                // REAL affinity stores whole numbers as reals.
                if case .integer(let score) = values[4] { values[4] = .real(Double(score)) }
                try connection.execute(
                    "INSERT INTO sample (id, a, b, name, score) VALUES (?, ?, ?, ?, ?)", StatementArguments(values: values))
                seeded.append(Dictionary(uniqueKeysWithValues: zip(["id"] + Self.columns, values)))
            }
        }
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM sample WHERE a IS NULL OR name IS NULL OR score IS NULL") ?? 0 > 40)

        let base = db.from("sample").select("id", "a", "b", "name", "score")
        var nonEmpty = 0
        var checked = 0
        for index in 0..<Self.caseCount {
            let testCase = Self.randomCase(&random)
            let query = Self.build(base, testCase)
            let hand = Self.handSQL(testCase)
            #expect(query.arguments.count == query.sql.filter { $0 == "?" }.count, "case \(index): \(query.sql)")

            let built = try query.get().map(\.values)
            let expected = try db.fetchAll(hand.sql, StatementArguments(values: hand.arguments)).map(\.values)
            #expect(built == expected, "case \(index):\n  builder: \(query.sql) \(query.arguments)\n  by hand: \(hand.sql) \(hand.arguments)")
            #expect(built.map { $0[0] } == Self.swiftIDs(testCase, seeded), "case \(index): \(query.sql) \(query.arguments)")
            #expect(try query.count() == expected.count, "case \(index): \(query.sql)")
            if !built.isEmpty { nonEmpty += 1 }
            checked += 1
        }
        #expect(checked == Self.caseCount)
        #expect(nonEmpty > Self.caseCount / 3, "most cases select some rows, so the comparison is not vacuous")
        #expect(nonEmpty < Self.caseCount, "some cases select nothing")
    }
}
