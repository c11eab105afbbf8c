/// An aggregate of a record's to-many relation (has-many or many-to-many), computed per
/// record: `count`, or `sum`/`avg`/`min`/`max` of a column of the related records. Only a
/// record query, which knows the relation's tables and keys, renders it, as a subquery.
struct RelationAggregate: Sendable {
    /// The SQL aggregate function: `count`, `sum`, `avg`, `min` or `max`.
    let function: String
    /// The relation's property name.
    let relation: String
    /// The related records' column (or property) aggregated; nil for `count(*)`.
    let column: String?
}

extension SQLExpression {
    /// The number of records of the to-many relation `relation`, per record: in record
    /// queries only (`Artist.query().where(.count(of: "albums") > 10)`).
    public static func count(of relation: String) -> SQLExpression {
        SQLExpression(.relationAggregate(RelationAggregate(function: "count", relation: relation, column: nil)))
    }

    /// The sum of `column` over the records of the to-many relation `relation`, per
    /// record (`NULL` without any): in record queries only.
    public static func sum(_ column: String, of relation: String) -> SQLExpression {
        SQLExpression(.relationAggregate(RelationAggregate(function: "sum", relation: relation, column: column)))
    }

    /// The average of `column` over the records of the to-many relation `relation`.
    public static func average(_ column: String, of relation: String) -> SQLExpression {
        SQLExpression(.relationAggregate(RelationAggregate(function: "avg", relation: relation, column: column)))
    }

    /// The smallest `column` among the records of the to-many relation `relation`.
    public static func minimum(_ column: String, of relation: String) -> SQLExpression {
        SQLExpression(.relationAggregate(RelationAggregate(function: "min", relation: relation, column: column)))
    }

    /// The largest `column` among the records of the to-many relation `relation`.
    public static func maximum(_ column: String, of relation: String) -> SQLExpression {
        SQLExpression(.relationAggregate(RelationAggregate(function: "max", relation: relation, column: column)))
    }
}

extension SQLExpression.Node {
    /// The node with each relation aggregate in it replaced by the node `resolve` makes
    /// of it. Subqueries are left as they are: their aggregates belong to their own table.
    func resolvingRelationAggregates(
        _ resolve: (RelationAggregate) throws -> SQLExpression.Node
    ) rethrows -> SQLExpression.Node {
        func go(_ node: SQLExpression.Node) throws -> SQLExpression.Node {
            try node.resolvingRelationAggregates(resolve)
        }
        switch self {
        case .relationAggregate(let aggregate):
            return try resolve(aggregate)
        case .column, .exactColumn, .qualifiedColumn, .value, .all, .inQuery, .exists, .subquery:
            return self
        case .prefix(let op, let operand):
            return .prefix(op, try go(operand))
        case .infix(let left, let op, let right):
            return .infix(try go(left), op, try go(right))
        case .postfix(let operand, let op):
            return .postfix(try go(operand), op)
        case .between(let operand, let low, let high, let negated):
            return .between(try go(operand), try go(low), try go(high), negated: negated)
        case .inList(let operand, let list, let negated):
            return .inList(try go(operand), try list.map(go), negated: negated)
        case .function(let name, let arguments, let distinct):
            return .function(name, try arguments.map(go), distinct: distinct)
        case .caseWhen(let subject, let branches, let otherwise):
            return .caseWhen(
                subject: try subject.map(go),
                try branches.map { SQLExpression.CaseBranch(condition: try go($0.condition), result: try go($0.result)) },
                otherwise: try otherwise.map(go))
        case .cast(let operand, let type):
            return .cast(try go(operand), type)
        case .window(let function, let partition, let order):
            return .window(
                try go(function), partition: try partition.map(go),
                order: try order.map { SQLExpression.OrderTerm(expression: try go($0.expression), direction: $0.direction) })
        case .jsonPath(let document, let path, let asText):
            return .jsonPath(try go(document), path: path, asText: asText)
        case .like(let operand, let pattern, let negated):
            return .like(try go(operand), try go(pattern), negated: negated)
        case .glob(let operand, let pattern, let negated):
            return .glob(try go(operand), try go(pattern), negated: negated)
        case .collate(let operand, let collation):
            return .collate(try go(operand), collation)
        case .jsonArrayContains(let array, let element):
            return .jsonArrayContains(array: try go(array), element: try go(element))
        }
    }
}

extension Conditions {
    /// The conditions with each relation aggregate of their expressions resolved.
    func resolvingRelationAggregates(_ resolve: (RelationAggregate) throws -> SQLExpression.Node) rethrows -> Conditions {
        var resolved = Conditions()
        try forEachTerm { term in
            switch term.condition {
            case .predicate(let expression):
                resolved.add(.predicate(SQLExpression(try expression.node.resolvingRelationAggregates(resolve))), term.conjunction)
            case .group(let group):
                resolved.add(.group(try group.resolvingRelationAggregates(resolve)), term.conjunction)
            default:
                resolved.add(term.condition, term.conjunction)
            }
        }
        return resolved
    }
}

extension Query {
    /// The query with each relation aggregate of its expressions (conditions, selection,
    /// ordering, grouping) resolved by `resolve`; the query itself when it has none.
    func resolvingRelationAggregates(_ resolve: (RelationAggregate) throws -> SQLExpression.Node) rethrows -> Query {
        guard rendersFreshly else { return self }
        func expression(_ expression: SQLExpression) throws -> SQLExpression {
            SQLExpression(try expression.node.resolvingRelationAggregates(resolve))
        }
        var resolved = self
        resolved.conditions = try conditions.resolvingRelationAggregates(resolve)
        guard let clauses = clausesBox?.clauses else { return resolved }
        let selection = try clauses.selection.map { item -> Selection in
            guard case .expression(let value, let alias) = item else { return item }
            return .expression(try expression(value), alias: alias)
        }
        let ordering = try clauses.ordering.map { item -> Ordering in
            guard case .expression(let value, let direction) = item else { return item }
            return .expression(try expression(value), direction)
        }
        let having = try clauses.havingConditions.resolvingRelationAggregates(resolve)
        let groups = try clauses.groupExpressions.map(expression)
        resolved.changeClauses { changed in
            changed.selection = selection
            changed.ordering = ordering
            changed.havingConditions = having
            changed.groupExpressions = groups
        }
        return resolved
    }
}

extension SQLExpression.Node {
    /// The first relation aggregate in the node, outside its subqueries.
    var firstRelationAggregate: RelationAggregate? {
        var found: RelationAggregate?
        _ = resolvingRelationAggregates { aggregate in
            found = found ?? aggregate
            return .value(.null)
        }
        return found
    }
}

extension Query {
    /// Throws ``QueryError/relationAggregateOutsideRecordQuery(relation:)`` for a relation
    /// aggregate left in the query's expressions: only a record query resolves them.
    func refuseRelationAggregates() throws {
        guard rendersFreshly else { return }
        var found: RelationAggregate?
        _ = resolvingRelationAggregates { aggregate in
            found = found ?? aggregate
            return .value(.null)
        }
        for (_, expression) in clausesBox?.clauses.expressionAssignments ?? [] where found == nil {
            found = expression.node.firstRelationAggregate
        }
        if let found { throw QueryError.relationAggregateOutsideRecordQuery(relation: found.relation) }
    }
}
