import Foundation

/// A `Codable` type stored as a row of its own table, {Bee}'s `BeeActiveRecord` for Swift.
///
/// Adopt the protocol and BeeStore maps the table from the type's `Codable`
/// conformance and its ``mapping``: its name (the type name in snake_case by default),
/// its columns (`CodingKeys` rename them), their types and nullability (`Optional`),
/// and its relations:
/// - a property whose type is a record is a belongs-to relation, stored as a foreign
///   key column of this table (`<property>_id` by default);
/// - an array of records is a has-many relation, kept by a foreign key column on the
///   child's table; a ``RecordMapping`` declares has-one and many-to-many relations;
/// - any other nested `Codable` value is stored as JSON text.
///
/// The first use of a type on a database creates its table when it is missing; when the
/// type later gains properties, the missing columns are added (never to a table the
/// mapping names: see ``RecordMapping``).
///
/// Relations whose property is not optional are always loaded; optional ones are loaded
/// when a query asks for them (``RecordQuery/including(_:)``) and are nil otherwise.
///
/// **Timestamps.** A `Date?` property whose coding key is `createdAt` (or `created_at`)
/// or `updatedAt` (or `updated_at`) is set by saves: every save that writes the row sets
/// `updatedAt` to the save's time, and `createdAt` too when it is nil (a date the app
/// gave is kept). The saved copy (of a struct) holds the times; bulk updates set neither.
///
/// **Optimistic locking.** A non-optional integer property whose coding key is
/// `lockVersion` (or `lock_version`), or the one ``RecordMapping/lockVersion(_:)`` names,
/// is the row's lock version: every update or delete of the row by a record finds it only
/// while it holds the record's version, and an update advances it (the saved copy of a
/// struct holds the new one). A row saved elsewhere since the record was loaded is
/// ``RecordError/versionConflict(record:id:expectedVersion:)``: reload and redo the change.
///
/// **Lifecycle hooks.** ``validate()``, ``willSave(in:)``, ``willInsert(in:)`` or
/// ``willUpdate(in:)``, ``didInsert(in:)`` or ``didUpdate(in:)``, ``didSave(in:)``,
/// ``willDelete(in:)`` and ``didDelete(in:)`` run inside the write's transaction: an error
/// thrown by one of them leaves nothing written, and reaches the caller as it was thrown.
/// Work that must wait for the commit (a notification, an e-mail) is registered from a
/// hook with ``Database/afterCommit(_:)``: it runs once the outermost transaction
/// commits, and never when it, or the savepoint of the hook's write, rolls back.
///
/// ```swift
/// struct Location: ActiveRecord {
///     var id: Int64?
///     var lat: Double
///     var lon: Double
/// }
///
/// struct Checkin: ActiveRecord {
///     var id: Int64?
///     var name: String
///     var location: Location
/// }
///
/// var checkin = Checkin(name: "Home", location: Location(lat: 31.2, lon: 121.5))
/// try checkin.save(in: db)            // saves the new location too, fills both ids
/// let all = try Checkin.all(in: db)   // loads locations with one extra query
/// ```
public protocol ActiveRecord: Codable {
    /// The primary key's type: `Int64?` by default, nil until the database assigns it.
    associatedtype ID: RecordKey = Int64?

    /// The primary key. Its column is the mapping's primary key, or the one its coding
    /// key names (`case id = "lid"`), `id` by default.
    var id: ID { get set }

    /// The table's name; by default the mapping's table, or the type's name in
    /// snake_case (`BlogPost` → `blog_post`).
    static var tableName: String { get }

    /// How the type maps its table where the conventions do not fit; none by default.
    static var mapping: RecordMapping { get }

    // MARK: Lifecycle hooks
    //
    // A save calls, for the record and for each related record it writes (inserts, or
    // updates with `updatingRelated: true`): `validate()`, `willSave(in:)`, then
    // `willInsert(in:)` or `willUpdate(in:)`, writes the row and its relations, then
    // `didInsert(in:)` or `didUpdate(in:)` and `didSave(in:)` on the saved copy (keys
    // filled in). A save of a record with a key inserts when no row has the key (one
    // lookup tells) and updates otherwise.
    // `delete(in:)` calls `willDelete(in:)` and, when a row was deleted, `didDelete(in:)`.
    // They run inside the write's transaction: an error thrown by any of them rolls the
    // whole save or delete back, related records included. Bulk operations (`deleteAll`,
    // `updateAll`, delete rules) change rows without loading records and call no hook.

    /// Checks the record before a save writes it; throw to refuse it (the save writes
    /// nothing). Rails' `validate`. Does nothing by default.
    func validate() throws

    /// Runs after ``validate()``, before the record's row is written, in the save's
    /// transaction: reads and writes through `database` are part of it. Rails'
    /// `before_save`, GRDB's `willSave`. Does nothing by default.
    func willSave(in database: Database) throws

    /// Runs on the saved copy once its row and relations are written, in the save's
    /// transaction. Rails' `after_save`, GRDB's `didSave`. Does nothing by default.
    func didSave(in database: Database) throws

    /// Runs after ``willSave(in:)`` when the save inserts the record's row, in the save's
    /// transaction. Rails' `before_create`, GRDB's `willInsert`. Does nothing by default.
    func willInsert(in database: Database) throws

    /// Runs on the saved copy (its key filled in) once its row is inserted, before
    /// ``didSave(in:)``, in the save's transaction. Rails' `after_create`, GRDB's
    /// `didInsert`. Does nothing by default.
    func didInsert(in database: Database) throws

    /// Runs after ``willSave(in:)`` when the save, ``update(in:updatingRelated:)`` or
    /// ``updateChanges(in:from:)`` updates the record's existing row, in its transaction.
    /// Rails' `before_update`, GRDB's `willUpdate`. Does nothing by default.
    func willUpdate(in database: Database) throws

    /// Runs on the saved copy once its row is updated, before ``didSave(in:)``, in the
    /// update's transaction. Rails' `after_update`, GRDB's `didUpdate`. Does nothing by default.
    func didUpdate(in database: Database) throws

    /// Runs before `delete(in:)` deletes the record, in its transaction. Rails'
    /// `before_destroy`, GRDB's `willDelete`. Does nothing by default.
    func willDelete(in database: Database) throws

    /// Runs once `delete(in:)` deleted the record's row, in its transaction. Rails'
    /// `after_destroy`, GRDB's `didDelete`. Does nothing by default.
    func didDelete(in database: Database) throws
}

extension ActiveRecord {
    /// The mapping's table, or the type's name in snake_case.
    public static var tableName: String {
        ConventionalTableNames.tableName(of: Self.self)
    }

    /// No declaration: the conventions apply.
    public static var mapping: RecordMapping {
        RecordMapping()
    }
}

/// `BlogPost` → `blog_post`, `URLRequest` → `url_request`.
func snakeCase(_ name: String) -> String {
    let characters = Array(name)
    var result = ""
    for (index, character) in characters.enumerated() {
        if character.isUppercase {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = previous.map { $0.isLowercase || $0.isNumber } ?? false
            let endsAcronym = (previous?.isUppercase ?? false) && (next?.isLowercase ?? false)
            if startsWord || endsAcronym { result.append("_") }
            result.append(contentsOf: character.lowercased())
        } else {
            result.append(character)
        }
    }
    return result
}
