/// Saves a record with its relations on one connection, inside the caller's
/// transaction: related records first (belongs-to), then the row, then the records of
/// its to-many relations, their foreign keys and links. Returns the record with every
/// key filled in.
///
/// The save rule: the record itself is written; a related record is inserted when it
/// is new (no key yet, or a key no row has) and otherwise left as it is in the database
/// (its foreign key and links are set, its other columns are not written from this
/// copy) unless the write updates related records (``updatesRelated``). A new related
/// record whose type declares a unique key is the existing row with the same values,
/// when there is one. Children a save leaves out of a loaded to-many relation follow
/// its delete rule; a relation that was not loaded (nil) is left alone.
///
/// The relations of a related record left as it is are still walked, at any depth, for
/// the new records they hold: a new child is inserted pointing at it, a new belongs-to
/// record is inserted and its foreign key column set, a record listed in a
/// many-to-many relation is linked. Nothing else of that record is written, and no
/// delete rule applies to its children: its copy does not say which children it has.
struct GraphWriter {
    enum Mode {
        /// Insert when the record has no key, insert or update by key otherwise.
        case save
        /// Always insert (an existing key is a constraint violation).
        case insert
        /// Update the row with the record's key; an error when there is none.
        case update
        /// A related record: inserted when new, left alone otherwise (see ``updatesRelated``).
        case related
    }

    /// Where the rows are written.
    private let target: Target
    /// Whether related records that exist are written from the saved copy too.
    let updatesRelated: Bool
    /// The time this write stamps records with (see ``RecordTimestamps``).
    private lazy var time = RecordTimestamps.now()
    /// Class instances being saved, to refuse a reference cycle.
    private var path: [ObjectIdentifier] = []
    /// What is kept of each record type met, so that a batch does not look it up per record.
    private var rowWriters: [ObjectIdentifier: RowWriter] = [:]
    /// The type met last: records of one type in a row find theirs without hashing.
    private var lastRowWriter: RowWriter?
    /// The ids this writer replaced in class instances, to give back if the write fails.
    private(set) var replacedIDs = ReplacedIDs()

    init(database: Database, connection: Connection, updatesRelated: Bool = false) {
        self.target = .sqlite(database, connection)
        self.updatesRelated = updatesRelated
    }

    /// A writer to another database (PostgreSQL) through `store`, which tells which
    /// records' hooks it calls; ``ActiveRecord/validate()`` runs for every record.
    init(store: any RecordRowStore, updatesRelated: Bool = false) {
        self.target = .server(store)
        self.updatesRelated = updatesRelated
    }

    /// A SQLite database's connection, whose row statements are prepared once and whose
    /// database the records' hooks are given (calls through it join this write's
    /// transaction), or another database's connection.
    private enum Target {
        case sqlite(Database, Connection)
        case server(any RecordRowStore)
    }

    /// The SQLite connection written to, if that is the target.
    private var connection: Connection? {
        if case .sqlite(_, let connection) = target { connection } else { nil }
    }

    /// What the target's connection keeps for the record layer between writes.
    private var connectionState: RecordConnectionState {
        switch target {
        case .sqlite(_, let connection): RecordConnectionState.of(connection)
        case .server(let store): store.recordState
        }
    }

    /// The database the records' hooks are given: a SQLite target's.
    private var hookDatabase: Database? {
        if case .sqlite(let database, _) = target { database } else { nil }
    }

    /// Whether the target is another database's store that calls hooks of records of `type`.
    private func storeCallsHooks(of type: any ActiveRecord.Type) -> Bool {
        if case .server(let store) = target { store.callsHooks(of: type) } else { false }
    }

    /// Has another database's store run `record`'s hook for `hook`.
    private func callStoreHook<Record: ActiveRecord>(_ hook: RecordHook, of record: Record) throws {
        if case .server(let store) = target { try store.call(hook, of: record) }
    }

    /// The SQL the target speaks.
    private var dialect: SQLDialect {
        switch target {
        case .sqlite: .sqlite
        case .server(let store): store.dialect
        }
    }

    /// The row writer of `type`: the last one, one this writer used before, one the
    /// connection kept from an earlier save (see ``finish()``), or a new one. While the
    /// writer has met one type only, ``rowWriters`` stays empty.
    private mutating func rowWriter<Record: ActiveRecord>(for type: Record.Type) throws -> RowWriter {
        let typeID = ObjectIdentifier(type)
        if let lastRowWriter, lastRowWriter.schema.typeID == typeID { return lastRowWriter }
        let writer = try rowWriters[typeID]
            ?? connectionState.takeRowWriter(of: typeID) ?? RowWriter(type)
        if let lastRowWriter {
            if rowWriters.isEmpty { rowWriters[lastRowWriter.schema.typeID] = lastRowWriter }
            rowWriters[typeID] = writer
        }
        lastRowWriter = writer
        return writer
    }

    /// Hands the row writers back to the connection, for its next saves. The writer
    /// must not write after.
    mutating func finish() {
        let state = connectionState
        if rowWriters.isEmpty {
            if let lastRowWriter { state.giveBack(lastRowWriter) }
        } else {
            for writer in rowWriters.values { state.giveBack(writer) }
        }
        rowWriters = [:]
        lastRowWriter = nil
    }

    /// The column of a child that holds its parent's key, and the key: a new child is
    /// inserted pointing at its parent, as a `NOT NULL` foreign key requires.
    struct ParentKey {
        let column: Int
        let key: Value
    }

    /// Writes `record` and its relations; `parent`, for a child of a has-many or has-one
    /// relation, is written to the child's foreign key column.
    mutating func save<Record: ActiveRecord>(_ record: Record, mode: Mode = .save, parent: ParentKey? = nil) throws -> Record {
        var saved = record
        try save(&saved, mode: mode, parent: parent, writer: rowWriter(for: Record.self))
        return saved
    }

    /// Writes each of `records` and its relations, as ``save(_:mode:parent:)`` does, and
    /// updates it in place.
    mutating func save<Record: ActiveRecord>(_ records: UnsafeMutableBufferPointer<Record>, mode: Mode) throws {
        let writer = try rowWriter(for: Record.self)
        for index in records.indices {
            try save(&records[index], mode: mode, parent: nil, writer: writer)
        }
    }

    /// Writes `record` and its relations with `writer` (its type's), and updates it: its
    /// key, and for a record with relations, timestamps or a lock version every saved value.
    /// Returns whether `record` was an existing related record, left as it is.
    @discardableResult
    private mutating func save<Record: ActiveRecord>(
        _ record: inout Record, mode: Mode, parent: ParentKey?, writer: RowWriter
    ) throws -> Bool {
        let schema = writer.schema
        let key = record.id.savedKey
        if mode == .related, key == nil, !schema.uniqueKeys.isEmpty, let found = try existingKey(of: record, writer: writer) {
            try assign(found, to: &record, replacing: key, by: writer)
            try saveNewRelated(of: &record, key: found, writer: writer)
            return true
        }
        if mode == .related, !updatesRelated, let key, try rowExists(key, of: schema) {
            // An existing related record: the database's copy stands; only the new
            // records among its relations are saved.
            try saveNewRelated(of: &record, key: key, writer: writer)
            return true
        }
        let statement = try rowStatement(for: key, mode: mode, schema: schema, parent: parent)
        // Known only when hooks or a lock version need it: another database's upsert of a
        // record without hooks needs no lookup first. SQLite hooks take the database;
        // another database's store calls those it has.
        let inserts = hookDatabase != nil || schema.lockVersionIndex != nil || storeCallsHooks(of: Record.self)
            ? try inserts(statement, key: key, schema: schema) : statement != .update
        // The row of a record with a lock version is changed only by the update, which
        // checks the version: the lookup above told whether there is a row to update.
        let kind = statement == .upsert && schema.lockVersionIndex != nil ? (inserts ? .insert : .update) : statement
        try record.validate()
        if let database = hookDatabase {
            try record.willSave(in: database)
            try inserts ? record.willInsert(in: database) : record.willUpdate(in: database)
        } else if storeCallsHooks(of: Record.self) {
            try callStoreHook(.willSave, of: record)
            try callStoreHook(inserts ? .willInsert : .willUpdate, of: record)
        }
        try write(&record, kind, key: key, parent: parent, writer: writer)
        if let database = hookDatabase {
            try inserts ? record.didInsert(in: database) : record.didUpdate(in: database)
            try record.didSave(in: database)
        } else if storeCallsHooks(of: Record.self) {
            try callStoreHook(inserts ? .didInsert : .didUpdate, of: record)
            try callStoreHook(.didSave, of: record)
        }
        return false
    }

    /// Whether the row statement of `kind` inserts the record's row (its insert hooks
    /// run) or updates it (its update hooks run): an upsert, by a save of a record with a
    /// key, updates when a row has the key, which one lookup tells.
    private func inserts(_ kind: RecordSchema.RowStatement, key: Value?, schema: RecordSchema) throws -> Bool {
        switch kind {
        case .insert, .insertWithoutKey: true
        case .update: false
        case .upsert: try key.map { try !rowExists($0, of: schema) } ?? true
        }
    }

    /// Writes the record's row with the statement of `kind` (and `parent` in its foreign
    /// key column), and its relations.
    private mutating func write<Record: ActiveRecord>(
        _ record: inout Record, _ kind: RecordSchema.RowStatement, key: Value?, parent: ParentKey?, writer: RowWriter
    ) throws {
        let schema = writer.schema
        if !schema.hasRelations, schema.timestamps.isEmpty, schema.lockVersionIndex == nil, let connection {
            // Nothing to save first or after, nothing to stamp, no version to advance: the
            // columns go straight into the statement.
            let statement = try writer.statement(kind, on: connection)
            do {
                try writer.encoder.encode(record, into: statement, kind: kind)
            } catch is RecordEncoder.KeyWritten {
                // The new record wrote a key after all: it is inserted with it.
                return try write(&record, .insert, key: key, parent: parent, writer: writer)
            }
            if let parent { try statement.bind(parent.key, at: schema.parameter(ofColumn: parent.column, in: kind)) }
            let written: Value
            do {
                written = try execute(statement, kind, key: key, schema: schema, on: connection)
            } catch let refused as UpsertRefused {
                return try refused.updatingInstead { try write(&record, .update, key: key, parent: parent, writer: writer) }
            }
            return try assign(written, to: &record, replacing: key, by: writer)
        }

        let identity = writer.isClass ? ObjectIdentifier(record as AnyObject) : nil
        if let identity {
            if path.contains(identity) { throw RecordError.relationCycle(path: [schema.recordName, schema.recordName]) }
            path.append(identity)
        }
        defer { if identity != nil { path.removeLast() } }

        let graph = try encodeGraph(record, with: writer)
        var values = graph.values
        var rebuilt = graph.rebuilt
        schema.timestamps.stamp(&values, rebuilding: &rebuilt, at: time, schema: schema)
        for (index, related) in graph.belongsTo.sorted(by: { $0.key < $1.key }) {
            let saved = try saveAny(related, mode: .related)
            values[index] = saved.id.databaseKey ?? .null
            rebuilt[schema.columns[index].key] = saved
        }
        if let parent { values[parent.column] = parent.key }
        // A new record that wrote a key after all (a hook of a class instance set it) is inserted with it.
        let kind = kind == .insertWithoutKey && !values[schema.primaryKeyIndex].isNull ? .insert : kind
        // An update finds the row only with the record's version, and gives it the next one.
        let expectedVersion = kind == .update ? try schema.lockVersion(in: values) : nil
        if let expectedVersion { try schema.advanceLockVersion(from: expectedVersion, in: &values, rebuilding: &rebuilt) }

        // Bound after the related records are saved: one of the same type uses the same statement.
        let written = try writeRow(values, kind, key: key, expectedVersion: expectedVersion, writer: writer)

        for (index, children) in graph.toMany.sorted(by: { $0.key < $1.key }) {
            let relation = schema.toMany[index]
            let parent = try parentKey(of: relation, in: schema, key: written)
            let saved = try children.map { try saveAny($0, mode: .related, parent: parent) }
            try link(relation, of: schema, parent: written, children: saved, parentIsNew: kind == .insert || kind == .insertWithoutKey)
            rebuilt[relation.key] = relation.isToOne ? saved.first : saved
        }

        // A struct without relations, timestamps or a version, written without its
        // parent's key, differs from the saved row by its key at most: it is not rebuilt
        // from its values (as SQLite's direct path above does not).
        let rebuilds = schema.hasRelations || !schema.timestamps.isEmpty || schema.lockVersionIndex != nil || parent != nil
        guard identity == nil, rebuilds else { return try assign(written, to: &record, replacing: key, by: writer) }
        if !schema.hasCompositeKey {
            values[schema.primaryKeyIndex] = written
            // The key is decoded from `values`, not from the property's value before the write.
            rebuilt[schema.primaryKey.key] = nil
        }
        record = try RecordDecoder(schema: schema, values: values, decoded: rebuilt).decode(Record.self)
    }

    /// The record's column values, its properties' Swift values (to rebuild it once
    /// saved), and its belongs-to and to-many related records by column and relation
    /// index. Taken out of the type's encoder before related records are saved: a
    /// related record of the same type reuses the encoder.
    private func encodeGraph<Record: ActiveRecord>(
        _ record: Record, with writer: RowWriter
    ) throws -> (
        values: [Value], rebuilt: [String: Any], belongsTo: [Int: any ActiveRecord], toMany: [Int: [any ActiveRecord]]
    ) {
        let encoder = writer.encoder
        try encoder.encode(record)
        return (encoder.values, encoder.originals, encoder.belongsTo, encoder.toMany)
    }

    /// Gives `record` the key `key`, given the key it had when its save began
    /// (`previous`). A class instance is changed in place, so the key it has is kept in
    /// ``replacedIDs`` (and read again: its hooks may have changed it).
    private mutating func assign<Record: ActiveRecord>(
        _ key: Value, to record: inout Record, replacing previous: Value?, by writer: RowWriter
    ) throws {
        if let previous = writer.isClass ? record.id.savedKey : previous, previous == key { return }
        if writer.isClass {
            replacedIDs.keep(record)
        }
        record.id = try Record.ID.assigned(key)
    }

    private mutating func saveAny(_ record: any ActiveRecord, mode: Mode, parent: ParentKey? = nil) throws -> any ActiveRecord {
        try save(record, mode: mode, parent: parent)
    }

    /// Saves a related record as ``saveAny(_:mode:parent:)`` does; also tells whether it
    /// was an existing record, left as it is.
    private mutating func saveRelated(
        _ record: any ActiveRecord, parent: ParentKey? = nil
    ) throws -> (saved: any ActiveRecord, existed: Bool) {
        func open<Record: ActiveRecord>(_ record: Record) throws -> (saved: any ActiveRecord, existed: Bool) {
            var saved = record
            let existed = try save(&saved, mode: .related, parent: parent, writer: rowWriter(for: Record.self))
            return (saved, existed)
        }
        return try open(record)
    }

    /// Inserts the new records among the relations of `record`, an existing related
    /// record whose row has the key `key` and is not written (see the save rule): a new
    /// child is inserted pointing at it, a new belongs-to record inserted and its foreign
    /// key column set, a many-to-many record linked; existing related records are walked
    /// the same way. No delete rule applies.
    private mutating func saveNewRelated<Record: ActiveRecord>(
        of record: inout Record, key: Value, writer: RowWriter
    ) throws {
        let schema = writer.schema
        guard schema.hasRelations else { return }
        let identity = writer.isClass ? ObjectIdentifier(record as AnyObject) : nil
        if let identity {
            // Already being saved further up: its relations are handled there.
            guard !path.contains(identity) else { return }
            path.append(identity)
        }
        defer { if identity != nil { path.removeLast() } }

        let graph = try encodeGraph(record, with: writer)
        var values = graph.values
        var rebuilt = graph.rebuilt
        for (index, related) in graph.belongsTo.sorted(by: { $0.key < $1.key }) {
            let hadKey = related.id.databaseKey != nil
            let (saved, existed) = try saveRelated(related)
            rebuilt[schema.columns[index].key] = saved
            guard !existed || !hadKey, let relatedKey = saved.id.databaseKey else { continue }
            // A record new to the relation: the existing row points at it from now on.
            values[index] = relatedKey
            try run(table(schema.tableName)
                .set(schema.columns[index].name, relatedKey)
                .where(key: schema.primaryKeyNames, equals: schema.keyParts(of: key)).updateStatement())
        }
        for (index, children) in graph.toMany.sorted(by: { $0.key < $1.key }) {
            let relation = schema.toMany[index]
            let parent = try parentKey(of: relation, in: schema, key: key)
            var saved: [any ActiveRecord] = []
            var inserted: [Value] = []
            for child in children {
                let (child, existed) = try saveRelated(child, parent: parent)
                saved.append(child)
                if !existed { inserted.append(child.id.databaseKey ?? .null) }
            }
            switch relation.kind {
            case .foreignKey(let declared):
                guard !inserted.isEmpty else { break }
                let child = try RecordSchema.of(dynamic: relation.target)
                let foreignKey = try schema.foreignKey(of: relation, declared: declared)
                if parent == nil {
                    // A child type that maps no foreign key column is pointed at its parent after its insert.
                    try run(RelationStatements.adopt(
                        inserted, in: child.tableName, primaryKey: child.primaryKeyNames, foreignKey: foreignKey,
                        parent: key, dialect: dialect))
                }
                if relation.isToOne {
                    // A new record of a has-one relation replaces the one the row had, which follows the delete rule.
                    var deleting: Set<RecordIdentity> = [RecordIdentity(type: schema.typeID, key: key)]
                    let replaced = RelationStatements.leftOut(
                        inserted, in: child.tableName, primaryKey: child.primaryKeyNames, foreignKey: foreignKey,
                        parent: key, dialect: dialect)
                    try apply(relation, of: schema, to: replaced, foreignKey: foreignKey, deleting: &deleting)
                }
            case .manyToMany(let link):
                // Links are added, never removed: the copy does not say which the row has.
                let children = saved.map { $0.id.databaseKey ?? .null }
                guard let positionColumn = link.positionColumn else {
                    for child in children {
                        try run(RelationStatements.linkIfAbsent(key, to: child, in: link, dialect: dialect))
                    }
                    break
                }
                // Records the row is not linked to yet go after the ones it is, in order.
                let linked = table(link.table).where(link.parentColumn, key)
                    .select(columns: [link.childColumn]).renderSelect()
                var present = Set(try rows(linked).map { $0[0] })
                let last = table(link.table).where(link.parentColumn, key).selectMax(positionColumn).renderSelect()
                var next = try rows(last).first.map { row in row[0].isNull ? 0 : try Int(databaseValue: row[0]) + 1 } ?? 0
                for child in children where present.insert(child).inserted {
                    try run(RelationStatements.link(key, to: child, at: next, in: link, dialect: dialect))
                    next += 1
                }
            }
            rebuilt[relation.key] = relation.isToOne ? saved.first : saved
        }
        guard identity == nil else { return }
        record = try RecordDecoder(schema: schema, values: values, decoded: rebuilt).decode(Record.self)
    }

    /// Where the children of `relation` hold the key of their parent, when their type
    /// maps that column (a join table holds it otherwise, or a column no property names).
    private func parentKey(of relation: RecordSchema.ToMany, in schema: RecordSchema, key: Value) throws -> ParentKey? {
        guard case .foreignKey(let declared) = relation.kind else { return nil }
        // Compared as SQLite compares names: ASCII letters without case.
        let foreignKey = SQLRenderer.asciiLowercased(try schema.foreignKey(of: relation, declared: declared))
        let child = try RecordSchema.of(dynamic: relation.target)
        return child.columns.firstIndex { SQLRenderer.asciiLowercased($0.name) == foreignKey }
            .map { ParentKey(column: $0, key: key) }
    }

    /// The key of the row with the same values as `record` in one of its type's unique
    /// keys, if there is one.
    private func existingKey<Record: ActiveRecord>(of record: Record, writer: RowWriter) throws -> Value? {
        let schema = writer.schema
        try writer.encoder.encode(record)
        let values = writer.encoder.values
        for uniqueKey in schema.uniqueKeys {
            var query = table(schema.tableName).select(columns: schema.primaryKeyNames).limit(1)
            for index in uniqueKey {
                query = query.where(schema.columns[index].name, values[index])
            }
            if let row = try rows(query.renderSelect()).first {
                return schema.keyOfSelectedRow(row)
            }
        }
        return nil
    }

    /// The statement that writes a record with this key in this mode (a related record
    /// with a key is written only when it has no row, or when related records are
    /// updated). A new record whose key the database assigns is inserted without its key
    /// column, unless that column takes its parent's key.
    private func rowStatement(
        for key: Value?, mode: Mode, schema: RecordSchema, parent: ParentKey?
    ) throws -> RecordSchema.RowStatement {
        switch (mode, key) {
        case (.update, nil): throw RecordError.notSaved(record: schema.recordName)
        case (.update, _?): return .update
        case (.save, _?): return .upsert
        case (.related, _?): return updatesRelated ? .upsert : .insert
        case (.insert, _?): return .insert
        case (.save, nil), (.insert, nil), (.related, nil):
            let keyTakesParent = parent?.column == schema.primaryKeyIndex
            return schema.insertWithoutKeySQL == nil || keyTakesParent ? .insert : .insertWithoutKey
        }
    }

    /// Writes a record's row with the statement of `kind` and its column values; returns
    /// the record's key (the new row's for an insert without one).
    private func writeRow(
        _ values: [Value], _ kind: RecordSchema.RowStatement, key: Value?, expectedVersion: Int64?, writer: RowWriter
    ) throws -> Value {
        let schema = writer.schema
        guard let connection else {
            return try writeServerRow(values, kind, key: key, expectedVersion: expectedVersion, writer: writer)
        }
        do {
            return try execute(
                bind(values, kind, writer: writer, on: connection), kind, key: key, schema: schema,
                expectedVersion: expectedVersion, on: connection)
        } catch let refused as UpsertRefused {
            return try refused.updatingInstead {
                try execute(bind(values, .update, writer: writer, on: connection), .update, key: key, schema: schema, on: connection)
            }
        }
    }

    /// Writes a record's row on another database: the row statement of `kind` rendered in
    /// its dialect, the key returned by the insert that lets the database assign it. An
    /// update of a record with a lock version finds the row only while it holds `expectedVersion`.
    private func writeServerRow(
        _ values: [Value], _ kind: RecordSchema.RowStatement, key: Value?, expectedVersion: Int64?, writer: RowWriter
    ) throws -> Value {
        let schema = writer.schema
        // Sized once: the columns' parameters are 1 to the largest of them.
        let parameterCount = values.indices.reduce(0) { max($0, Int(schema.parameter(ofColumn: $1, in: kind))) }
        var arguments = [Value](repeating: .null, count: parameterCount)
        for (index, value) in values.enumerated() {
            let parameter = Int(schema.parameter(ofColumn: index, in: kind))
            if parameter > 0 { arguments[parameter - 1] = value }
        }
        if let key, !schema.hasCompositeKey {
            arguments[Int(schema.parameter(ofColumn: schema.primaryKeyIndex, in: kind)) - 1] = key
        }
        if let expectedVersion {
            let parameter = Int(schema.lockVersionParameter)
            if arguments.count < parameter { arguments += repeatElement(.null, count: parameter - arguments.count) }
            arguments[parameter - 1] = .integer(expectedVersion)
        }
        guard let sql = writer.sql(of: kind, in: dialect) else { throw RecordError.notSaved(record: schema.recordName) }
        let statement = SQLStatement(sql: sql, arguments: arguments)
        switch kind {
        case .insertWithoutKey:
            guard let returned = try rows(statement).first?.first else { throw RecordError.notSaved(record: schema.recordName) }
            return returned
        case .insert, .upsert:
            try run(statement)
            let written = key ?? schema.key(ofRow: values)
            if schema.keyIsAssignedByDatabase, !schema.hasCompositeKey, case .server(let store) = target {
                store.keyWasChosen(written, table: schema.tableName, column: schema.columns[schema.primaryKeyIndex].name)
            }
            return written
        case .update:
            if try run(statement) == 0 {
                throw try schema.missedRowError(key: key ?? .null, expectedVersion: expectedVersion) {
                    try rowExists($0, of: schema)
                }
            }
            return key ?? schema.key(ofRow: values)
        }
    }

    /// The row statement of `kind` with a record's column values bound.
    private func bind(
        _ values: [Value], _ kind: RecordSchema.RowStatement, writer: RowWriter, on connection: Connection
    ) throws -> Statement {
        let statement = try writer.statement(kind, on: connection)
        for (index, value) in values.enumerated() {
            let parameter = writer.schema.parameter(ofColumn: index, in: kind)
            if parameter > 0 { try statement.bind(value, at: parameter) }
        }
        return statement
    }

    /// An upsert that SQLite refused for a `NOT NULL` column the record does not write (a
    /// table BeeStore did not create): SQLite checks the insert's row before it finds the
    /// conflict with the existing row, which an update then changes instead.
    private struct UpsertRefused: Error {
        let error: DatabaseError

        /// Runs `update`; a record without a row is the original error (its insert cannot be made).
        func updatingInstead<T>(_ update: () throws -> T) throws -> T {
            do {
                return try update()
            } catch RecordError.notFound {
                throw error
            }
        }
    }

    /// Runs a bound row statement; returns the record's key (the new row's for an
    /// insert without one). An upsert refused for a `NOT NULL` column is an ``UpsertRefused``.
    /// An update of a record with a lock version finds the row only while it holds
    /// `expectedVersion`.
    private func execute(
        _ statement: Statement, _ kind: RecordSchema.RowStatement, key: Value?, schema: RecordSchema,
        expectedVersion: Int64? = nil, on connection: Connection
    ) throws -> Value {
        if let key, !schema.hasCompositeKey {
            // The record's key, whatever its `encode(to:)` wrote for it (or left out); a
            // composite key is the record's own columns, bound with them.
            try statement.bind(key, at: schema.parameter(ofColumn: schema.primaryKeyIndex, in: kind))
        }
        if let expectedVersion { try statement.bind(.integer(expectedVersion), at: schema.lockVersionParameter) }
        do {
            try statement.executeBound()
        } catch let error as DatabaseError
            where kind == .upsert && error.extendedResultCode == .notNullConstraint && connection.isInTransaction
        {
            // (A column declared `NOT NULL ON CONFLICT ROLLBACK` ended the save's transaction: no update then.)
            throw UpsertRefused(error: error)
        }
        if kind == .update, connection.changes == 0 {
            throw try connection.missedRowError(key: key ?? .null, of: schema, expectedVersion: expectedVersion)
        }
        return key ?? .integer(connection.lastInsertRowID)
    }

    /// Points the saved `children` at `parent` (foreign keys or links) and applies the
    /// relation's delete rule to the children it had before and no longer has.
    private func link(
        _ relation: RecordSchema.ToMany, of schema: RecordSchema, parent: Value, children: [any ActiveRecord],
        parentIsNew: Bool
    ) throws {
        let keys = children.map { $0.id.databaseKey ?? .null }
        switch relation.kind {
        case .foreignKey(let declared):
            let child = try RecordSchema.of(dynamic: relation.target)
            let foreignKey = try schema.foreignKey(of: relation, declared: declared)
            let primaryKey = child.primaryKeyNames
            if !keys.isEmpty {
                try run(RelationStatements.adopt(
                    keys, in: child.tableName, primaryKey: primaryKey, foreignKey: foreignKey, parent: parent,
                    dialect: dialect))
            }
            guard !parentIsNew else { return }
            let leftOut = RelationStatements.leftOut(
                keys, in: child.tableName, primaryKey: primaryKey, foreignKey: foreignKey, parent: parent,
                dialect: dialect)
            var deleting: Set<RecordIdentity> = [RecordIdentity(type: schema.typeID, key: parent)]
            try apply(relation, of: schema, to: leftOut, foreignKey: foreignKey, deleting: &deleting)
        case .manyToMany(let link):
            if link.positionColumn != nil {
                if !parentIsNew { try run(RelationStatements.unlink(parent, in: link, dialect: dialect)) }
                for (position, child) in keys.enumerated() {
                    try run(RelationStatements.link(parent, to: child, at: position, in: link, dialect: dialect))
                }
            } else {
                if !parentIsNew { try run(RelationStatements.unlink(parent, in: link, keeping: keys, dialect: dialect)) }
                for child in keys {
                    try run(RelationStatements.linkIfAbsent(parent, to: child, in: link, dialect: dialect))
                }
            }
        }
    }

    /// Applies the delete rule of `relation` to the children `children` selects: a
    /// cascade deletes them as records, applying their own relations' rules in turn.
    private func apply(
        _ relation: RecordSchema.ToMany, of schema: RecordSchema, to children: Query, foreignKey: String,
        deleting: inout Set<RecordIdentity>
    ) throws {
        switch relation.deleteRule {
        case .nullify:
            try run(children.set(foreignKey, nil).updateStatement())
        case .cascade:
            let child = try RecordSchema.of(dynamic: relation.target)
            let select = children.select(columns: child.primaryKeyNames).renderSelect()
            let keys = try rows(select).map { child.keyOfSelectedRow($0) }
            try delete(keys.filter { !deleting.contains(RecordIdentity(type: child.typeID, key: $0)) }, of: child, deleting: &deleting)
        case .restrict:
            if try rows(children.existsStatement()).first?.first.map({ try Bool(databaseValue: $0) }) == true {
                throw RecordError.restricted(record: schema.recordName, relation: relation.key)
            }
        }
    }

    /// Deletes the rows of `schema` with these keys, after applying the delete rule of
    /// each of its to-many relations to their children and removing their links;
    /// returns how many rows were deleted. `deleting` holds the keys deleted so far in a
    /// cascade, which a cycle of children must not delete twice. With `lockVersion`, the
    /// version of a record with one, its row is deleted only while it holds that version
    /// (``RecordError/versionConflict(record:id:expectedVersion:)`` otherwise).
    @discardableResult
    func delete(
        _ keys: [Value], of schema: RecordSchema, deleting: inout Set<RecordIdentity>, lockVersion: Int64? = nil
    ) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        deleting.formUnion(keys.map { RecordIdentity(type: schema.typeID, key: $0) })
        for relation in schema.toMany {
            switch relation.kind {
            case .foreignKey(let declared):
                let child = try RecordSchema.of(dynamic: relation.target)
                let foreignKey = try schema.foreignKey(of: relation, declared: declared)
                let children = table(child.tableName).where(foreignKey, inJSONArrayOf: keys)
                try apply(relation, of: schema, to: children, foreignKey: foreignKey, deleting: &deleting)
            case .manyToMany(let link):
                try run(table(link.table).where(link.parentColumn, inJSONArrayOf: keys).deleteStatement())
            }
        }
        var rows = table(schema.tableName).where(key: schema.primaryKeyNames, in: keys)
        if let lockVersion, let index = schema.lockVersionIndex { rows = rows.where(schema.columns[index].name, lockVersion) }
        let deleted = try run(rows.deleteStatement())
        if deleted == 0, let lockVersion, let key = keys.first, try rowExists(key, of: schema) {
            throw RecordError.versionConflict(record: schema.recordName, id: key, expectedVersion: lockVersion)
        }
        return deleted
    }

    /// An empty query of `name`, rendered in the target's dialect.
    private func table(_ name: String) -> Query {
        Query(database: nil, table: name).rendered(for: dialect)
    }

    /// Runs a statement that changes rows; returns how many it changed.
    @discardableResult
    private func run(_ statement: SQLStatement) throws -> Int {
        switch target {
        case .sqlite(_, let connection):
            try connection.execute(statement)
            return connection.changes
        case .server(let store):
            return try store.run(statement)
        }
    }

    /// The rows a statement selects, each its values in column order.
    private func rows(_ statement: SQLStatement) throws -> [[Value]] {
        switch target {
        case .sqlite(_, let connection): try connection.fetchAll(statement).map(\.values)
        case .server(let store): try store.rows(of: statement)
        }
    }

    /// Whether a row of the table of `schema` has this key.
    private func rowExists(_ key: Value, of schema: RecordSchema) throws -> Bool {
        switch target {
        case .sqlite(_, let connection): try connection.rowExists(key, of: schema)
        case .server(let store): try store.rowExists(key, of: schema)
        }
    }
}

/// The keys a graph write replaced in class instances, which it changes in place (a
/// struct's copy with new keys is simply discarded when the write fails).
struct ReplacedIDs {
    private var restorers: [() -> Void] = []

    /// Keeps the key `record` has before it is replaced.
    mutating func keep<Record: ActiveRecord>(_ record: Record) {
        let previous = record.id
        restorers.append {
            var instance = record
            instance.id = previous
        }
    }

    /// Gives each instance back the key it had before the write.
    func restore() {
        for restore in restorers.reversed() { restore() }
    }
}
