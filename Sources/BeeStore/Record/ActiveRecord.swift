import Foundation

/// A `Codable` type stored as a row of its own table, {Bee}'s `BeeActiveRecord` for Swift.
///
/// Adopt the protocol and BeeStore reflects the table from the type's `Codable`
/// conformance alone: its name (``tableName``, the type name in snake_case by
/// default), its columns (`CodingKeys` rename them), their types and nullability
/// (`Optional`), and its relations:
/// - a property whose type is a record is a belongs-to relation, stored as a foreign
///   key column `<property>_id`;
/// - an array of records is a has-many relation, kept in order in a link table
///   `<table>_<property>`;
/// - any other nested `Codable` value is stored as JSON text.
///
/// The first use of a type on a database creates its table (and link tables); when the
/// type later gains properties, the missing columns are added.
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
///     var location: Location?
/// }
///
/// var checkin = Checkin(name: "Home", location: Location(lat: 31.2, lon: 121.5))
/// try checkin.save(in: db)            // saves the location too, fills both ids
/// let all = try Checkin.all(in: db)   // loads locations with one extra query
/// ```
public protocol ActiveRecord: Codable {
    /// The integer primary key: nil until the record is saved. Its column is named by
    /// `CodingKeys` (`case id = "lid"`), `id` by default.
    var id: Int64? { get set }

    /// The table's name; by default the type's name in snake_case (`BlogPost` → `blog_post`).
    static var tableName: String { get }
}

extension ActiveRecord {
    /// The type's name in snake_case.
    public static var tableName: String {
        snakeCase(String(describing: Self.self))
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
