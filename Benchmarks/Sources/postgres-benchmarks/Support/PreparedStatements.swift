import PostgresNIO

/// postgres-nio's fastest lookup: a statement prepared once per connection, its row
/// decoded as a tuple.
struct FindItem: PostgresPreparedStatement {
    static let sql = "SELECT id, a, b, c, d, e, f, g, h, i, j FROM item WHERE id = $1"
    typealias Row = (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)

    let id: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(id)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}

/// postgres-nio's fastest insert of one row: a statement prepared once per connection.
struct InsertItem: PostgresPreparedStatement {
    static let sql = "INSERT INTO item (id, a, b, c, d, e, f, g, h, i, j) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    typealias Row = ()

    let item: Item

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 11)
        bindings.append(item.id ?? 0)
        for value in item.values { bindings.append(value) }
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

extension Item {
    /// An item from the tuple postgres-nio decodes a row into.
    init(_ row: FindItem.Row) {
        self.init(
            id: row.0, a: row.1, b: row.2, c: row.3, d: row.4, e: row.5, f: row.6, g: row.7, h: row.8, i: row.9,
            j: row.10)
    }
}
