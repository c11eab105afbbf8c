/// An error of the record layer: a type it cannot map, a schema change it will not make,
/// or a record operation that cannot be done.
public enum RecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A property's type cannot be stored (the reason says why).
    case unsupportedType(record: String, property: String, type: String, reason: String)
    /// The record's `id` is not decoded from a column of its own.
    case missingPrimaryKey(record: String)
    /// The table has a column of another type than the property's.
    case columnTypeChanged(table: String, column: String, existing: String, expected: String)
    /// A non-optional column cannot be added to a table that already has rows.
    case requiredColumnOnNonEmptyTable(table: String, column: String)
    /// `update()` or `delete()` on a record without an id.
    case notSaved(record: String)
    /// No row has the record's key.
    case notFound(record: String, id: Value)
    /// ``ActiveRecord/updateChanges(in:from:)`` found the row, but one of the columns it
    /// changes no longer holds the value the record was loaded with: another connection
    /// or process changed it since. Nothing was written; fetch the record again.
    case staleRecord(record: String, id: Value, columns: [String])
    /// A save, update or delete of a record with a lock version (see
    /// ``RecordMapping/lockVersion(_:)``) found its row, but holding another version than
    /// `expectedVersion`, the one the record was loaded (or last saved) with: another
    /// connection or process saved the row since. Nothing was written; fetch the record
    /// again and redo the change. Rails' `StaleObjectError`.
    case versionConflict(record: String, id: Value, expectedVersion: Int64)
    /// Relations lead back to a record already being loaded or saved.
    case relationCycle(path: [String])
    /// A non-optional belongs-to relation points at a missing row (or at none: `NULL`).
    case missingRelation(record: String, property: String, id: Value)
    /// A table the record's mapping names lacks columns the record needs; BeeStore
    /// never alters a mapped table.
    case missingColumns(table: String, columns: [String])
    /// A delete, or a save that leaves children out, refused by a relation whose delete
    /// rule is `restrict` while children exist.
    case restricted(record: String, relation: String)
    /// Records do not own the schema (``SchemaOwnership/managed``) and the tables differ
    /// from the record type: each difference is a line (a missing table or column).
    case schemaMismatch(record: String, differences: [String])
    /// The record type's tables need changes on its first use inside a read, where
    /// nothing is created or altered: use the type first outside the read, or in a migration.
    case schemaChangeInRead(record: String, differences: [String])
    /// Two to-many relations of the record would keep their parent's key in the same
    /// column of the same table, so that saving one would change the other: declare each
    /// one's foreign key column (`.hasMany("left", foreignKey: "left_board_id")`).
    case sharedForeignKey(record: String, relations: [String], table: String, column: String)
    /// A query asks to include a relation the record type does not have.
    case unknownRelation(record: String, relation: String)
    /// A query names a column that is neither a column nor a property of the record.
    case unknownColumn(record: String, column: String)
    /// A query names a column of a relation (`folder.name`) that it does not join:
    /// ``RecordQuery/joining(_:)`` that relation first.
    case relationNotJoined(record: String, relation: String, column: String)
    /// No database was given and no shared database is open.
    case noDatabase
    /// A save, update or delete inside a `read` of the same database: reads cannot
    /// write; use `write` or `transaction`.
    case writeInsideRead(record: String)
    /// A dictionary or array holds values JSON cannot represent (such as a `Date`).
    case invalidJSONObject(String)
    /// JSON given to a record's constructor (``ActiveRecord/init(json:)`` and the others)
    /// that is not JSON, or does not decode as the record (the reason says where and why).
    case invalidJSON(record: String, reason: String)
    /// A value JSON cannot hold (NaN, an infinity) in a property stored as JSON, or in a
    /// record encoded as JSON (`property` nil).
    case unencodableJSON(record: String, property: String?, reason: String)
    /// The column of a nested `Codable` property holds text that is not JSON, or JSON
    /// that does not decode as the property's type (the reason says where and why).
    case invalidStoredJSON(record: String, column: String, type: String, reason: String)

    /// One line naming the record, the property or the table, and what is wrong.
    public var description: String {
        switch self {
        case .unsupportedType(let record, let property, let type, let reason):
            "cannot store \(record).\(property) of type \(type): \(reason)"
        case .missingPrimaryKey(let record):
            "\(record).id must be a stored property decoded from its own column"
        case .columnTypeChanged(let table, let column, let existing, let expected):
            "column \"\(table)\".\"\(column)\" is \(existing) in the database but \(expected) in the record: migrate it explicitly"
        case .requiredColumnOnNonEmptyTable(let table, let column):
            "cannot add non-optional column \"\(column)\" to \"\(table)\", which has rows: make the property optional or migrate explicitly"
        case .notSaved(let record):
            "\(record) has no id: save it first"
        case .notFound(let record, let id):
            "no \(record) with id \(id)"
        case .staleRecord(let record, let id, let columns):
            "\(record) with id \(id) changed in the database since it was loaded (column "
                + columns.map(\.quotedIdentifier).joined(separator: ", ") + "): fetch it again"
        case .versionConflict(let record, let id, let expectedVersion):
            "\(record) with id \(id) was saved elsewhere since it was loaded at version \(expectedVersion): fetch it again"
        case .missingColumns(let table, let columns):
            "table \"\(table)\" has no column \(columns.map { "\"\($0)\"" }.joined(separator: ", ")), which the record maps: "
                + "BeeStore does not alter a table a mapping names, migrate it explicitly"
        case .restricted(let record, let relation):
            "\(record).\(relation) still has records and its delete rule is restrict"
        case .schemaMismatch(let record, let differences):
            "the tables do not match \(record), and migrations own the schema: \(differences.joined(separator: "; "))"
        case .schemaChangeInRead(let record, let differences):
            "\(record) is first used inside a read, where its tables cannot change: \(differences.joined(separator: "; "))"
        case .sharedForeignKey(let record, let relations, let table, let column):
            "the relations \(relations.map { "\(record).\($0)" }.joined(separator: " and ")) would both keep their key "
                + "in \(table.quotedIdentifier).\(column.quotedIdentifier): declare a column for each in the mapping, "
                + relations.map { ".hasMany(\"\($0)\", foreignKey: \"…\")" }.joined(separator: " and ")
        case .unknownRelation(let record, let relation):
            "\(record) has no relation \"\(relation)\""
        case .unknownColumn(let record, let column):
            "\(record) has no column or property \"\(column)\""
        case .relationNotJoined(let record, let relation, let column):
            "\(record) query names \"\(column)\" of the relation \"\(relation)\", which it does not join: "
                + "add .joining(\"\(relation)\")"
        case .relationCycle(let path):
            "relation cycle: \(path.joined(separator: " → "))"
        case .missingRelation(let record, let property, let id):
            "\(record).\(property) references a missing row (id \(id))"
        case .invalidJSONObject(let type):
            "\(type) holds values that are not JSON (strings, numbers, booleans, null, arrays, dictionaries)"
        case .invalidJSON(let record, let reason):
            "the JSON does not decode as \(record): \(reason)"
        case .unencodableJSON(let record, let property, let reason):
            "cannot encode \(record)\(property.map { ".\($0)" } ?? "") as JSON: \(reason)"
        case .invalidStoredJSON(let record, let column, let type, let reason):
            "column \"\(column)\" of \(record) does not hold a JSON \(type): \(reason)"
        case .writeInsideRead(let record):
            "cannot write \(record) inside a read: reads cannot write; use write or transaction instead"
        case .noDatabase:
            "no database given and no shared database open: call Database.openShared(path:) or pass one"
        }
    }
}
