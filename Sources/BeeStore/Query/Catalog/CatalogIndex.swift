/// An index of a table as the schema catalog describes it.
struct CatalogIndex: Hashable {
    /// One key of an index.
    struct Key: Hashable {
        /// The indexed column; nil for an indexed expression.
        let column: String?
        let collation: String
        let isDescending: Bool
    }

    let name: String
    let keys: [Key]
    let isUnique: Bool
    /// Why it exists: `c` (`CREATE INDEX`), `u` (a `UNIQUE` constraint), `pk` (the primary key).
    let origin: String
    let isPartial: Bool
    /// The `CREATE INDEX` statement; nil for an index SQLite made for a constraint.
    let sql: String?
}
