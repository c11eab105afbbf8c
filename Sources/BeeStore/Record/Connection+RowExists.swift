extension RecordSchema {
    /// The statement selecting whether a row of the table has this key, in `dialect`.
    func existenceStatement(ofKey key: Value, in dialect: SQLDialect) throws -> SQLStatement {
        try Query(database: nil, table: tableName).rendered(for: dialect)
            .where(key: primaryKeyNames, equals: keyParts(of: key)).existsStatement()
    }
}

extension Connection {
    /// Whether a row of the table of `schema` has this key.
    func rowExists(_ key: Value, of schema: RecordSchema) throws -> Bool {
        try fetchValue(Bool.self, schema.existenceStatement(ofKey: key, in: .sqlite)) == true
    }
}

extension RecordRowSource {
    /// Whether a row of the table of `schema` has this key, on this source.
    func rowExists(_ key: Value, of schema: RecordSchema) throws -> Bool {
        let exists = try schema.existenceStatement(ofKey: key, in: dialect)
        return try rows(of: exists).first?.first.map { try Bool(databaseValue: $0) } == true
    }
}
