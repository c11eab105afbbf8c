/// The builder's values run on a SQLite database they were not made on: a query or a
/// table definition made for another database (or for none), run on a given ``Database``
/// by the code that takes either kind of database.
extension Query {
    /// The same query, run on `database` and rendered for SQLite.
    package consuming func bound(to database: Database) -> Query {
        var query = rendered(for: .sqlite)
        query.database = database
        return query
    }
}

extension TableDefinition {
    /// The same definition, created in `database` and rendered for SQLite.
    package func bound(to database: Database) -> TableDefinition {
        var definition = rendered(for: .sqlite)
        definition.database = database
        return definition
    }
}
