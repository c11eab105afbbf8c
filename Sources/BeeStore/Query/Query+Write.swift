extension Query {
    /// Sets a column's value for `insert()`, `update()` or an upsert ({Bee}'s `SET`);
    /// `nil` sets `NULL`. Setting a column again replaces its value.
    public consuming func set(_ column: String, _ value: (any DatabaseValueConvertible)?) -> Query {
        let value = value?.databaseValue ?? .null
        return with { query in
            if let index = query.assignments.firstIndex(where: { $0.column == column }) {
                query.assignments[index].value = value
            } else {
                query.assignments.append((column, value))
            }
        }
    }

    /// Sets a column to `NULL` ({Bee}'s `SET_NULL`).
    public consuming func setNull(_ column: String) -> Query {
        set(column, Value.null)
    }

    /// Sets several columns at once, in the order of their names (so that the SQL, and
    /// its cached statement, are the same whatever the dictionary's order).
    public consuming func set(_ values: [String: (any DatabaseValueConvertible)?]) -> Query {
        for column in values.keys.sorted() {
            self = self.set(column, values[column] ?? nil)
        }
        return self
    }

    /// On a uniqueness conflict over `columns`, an insert does nothing (`ON CONFLICT … DO NOTHING`).
    public consuming func onConflict(_ columns: String...) -> UpsertClause {
        UpsertClause(query: self, columns: columns)
    }
}

/// The conflict target of an upsert; say what to do with ``doNothing()`` or ``doUpdate(_:)``.
///
/// ```swift
/// try db.from("counter").set("name", "visits").set("value", 1)
///     .onConflict("name").doUpdate("value")
///     .insert()
/// ```
public struct UpsertClause: Sendable {
    let query: Query
    let columns: [String]

    /// `ON CONFLICT (columns) DO NOTHING`: the insert is skipped.
    public func doNothing() -> Query {
        query.with { $0.conflict = Query.ConflictClause(columns: columns, updates: nil) }
    }

    /// `ON CONFLICT (columns) DO UPDATE SET column = excluded.column` for each named
    /// column, or for every set column outside the conflict target when none is named.
    /// With no name, the set columns are those of the query that runs, including columns
    /// set after this call.
    public func doUpdate(_ updatedColumns: String...) -> Query {
        query.with { $0.conflict = Query.ConflictClause(columns: columns, updates: updatedColumns) }
    }
}
