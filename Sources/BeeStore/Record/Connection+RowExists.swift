extension Connection {
    /// Whether a row of the table of `schema` has this key.
    func rowExists(_ key: Value, of schema: RecordSchema) throws -> Bool {
        let exists = try Query(database: nil, table: schema.tableName)
            .where(key: schema.primaryKeyNames, equals: schema.keyParts(of: key)).existsStatement()
        return try fetchValue(Bool.self, exists) == true
    }
}
