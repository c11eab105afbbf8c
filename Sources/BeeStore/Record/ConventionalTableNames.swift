/// The table names record types get from ``ActiveRecord/tableName``'s default: the
/// mapping's table, or the type's name in snake_case, worked out once per type.
///
/// Every record query names its table when it is made (`Item.where("id", id)`): the
/// type's name (a dynamic cast and a description of the type) and its Unicode case
/// mapping cost more than the lookup that follows, at every query.
enum ConventionalTableNames {
    /// The names by type, the type asked for last found without hashing it.
    private static let names = Protected(RecordTypeMap<String>())

    static func tableName<Record: ActiveRecord>(of type: Record.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names.withLock({ $0.value(of: key) }) { return name }
        // Worked out outside the lock: a mapping is the type's own code, which may use record types.
        let name = Record.mapping.table ?? snakeCase(String(describing: type))
        names.withLock { $0.set(name, for: key) }
        return name
    }
}
