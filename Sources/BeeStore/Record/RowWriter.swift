/// What a graph writer keeps of one record type while it writes: the schema, an encoder
/// reused for all its records, and its row statements, prepared on first use.
final class RowWriter {
    let schema: RecordSchema
    let encoder: RecordEncoder
    /// Whether the records are class instances, which a write changes in place.
    let isClass: Bool
    /// By kind (its raw value). A row writer belongs to one graph writer, which runs on
    /// one thread: the dynamic exclusivity check of each record's access would cost more
    /// than the lookup.
    @exclusivity(unchecked) private var statements = [Statement?](repeating: nil, count: RecordSchema.RowStatement.allCases.count)

    /// The SQL of each row statement (by kind) in the dialect of another database, which
    /// the writer's graph writes to, rendered on first use.
    private var serverSQL = [String??](repeating: nil, count: RecordSchema.RowStatement.allCases.count)

    init<Record: ActiveRecord>(_ type: Record.Type) throws {
        self.schema = try RecordSchema.of(type)
        self.encoder = RecordEncoder(schema: schema)
        self.isClass = type is AnyClass
    }

    deinit {
        encoder.dropKeptContainer()
    }

    /// The SQL of the row statement of `kind` in `dialect`, another database's: rendered
    /// once per writer (a writer writes to one database). Nil for an insert without the
    /// key when the key is the only column.
    func sql(of kind: RecordSchema.RowStatement, in dialect: SQLDialect) -> String? {
        if let sql = serverSQL[kind.rawValue] { return sql }
        let statements = schema.statements.rendered(for: dialect)
        let sql: String? = switch kind {
        case .insert: statements.insert(upserting: false)
        case .upsert: statements.insert(upserting: true)
        case .insertWithoutKey: statements.insertWithoutKey
        case .update: statements.update
        }
        serverSQL[kind.rawValue] = .some(sql)
        return sql
    }

    /// The row statement of `kind`, ready to bind (a fresh one when the cached one is running).
    func statement(_ kind: RecordSchema.RowStatement, on connection: Connection) throws -> Statement {
        if let statement = statements[kind.rawValue], !statement.isBusy {
            return statement
        }
        let statement = try connection.cachedStatement(schema.sql(of: kind))
        statements[kind.rawValue] = statement
        return statement
    }
}
