extension LoadPlan {
    /// The tables the planned fetch reads: each node's records' table, and the join table
    /// of each many-to-many relation it loads.
    var tables: Set<String> {
        var tables: Set<String> = []
        for node in nodes {
            tables.insert(node.schema.tableName)
            for (relation, _) in node.toMany {
                if case .manyToMany(let link) = node.schema.toMany[relation].kind { tables.insert(link.table) }
            }
        }
        return tables
    }
}
