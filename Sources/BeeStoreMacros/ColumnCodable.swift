@_exported import BeeStore

/// Makes a struct a `ColumnCodableRecord`: its records are read from their columns
/// and bound to their statements by position, without `Codable`'s keyed containers, in
/// fetches, lookups and inserts. Importing `BeeStoreMacros` imports `BeeStore` too.
///
/// The macro writes, in an extension:
/// - `storedProperties`, `init(columns:)` and `encode(to:)`, over the stored
///   properties in declaration order, each read and written as its declared type;
/// - `Columns`, a constant per property holding its coding key, which record queries
///   accept as the property's column: `Track.where(Track.Columns.name, "Intro")`;
/// - `columns`, each property's column as a `TypedColumn` of the property's type, whose
///   comparisons take values of that type only: `Track.where(Track.columns.milliseconds > 300_000)`
///   compiles, `Track.columns.milliseconds > "long"` and `Track.columns.lenght` do not
///   (neither is written when the type declares its own `Columns`).
///
/// Stored properties are the ones `Codable` codes: computed, `static` and `let`
/// properties with an initial value are left out, and when the type declares
/// `enum CodingKeys`, only the properties it lists, under its keys. Each needs a type
/// annotation; a function, tuple, `some` or `any` type or an implicitly unwrapped
/// optional is an error at compile time. The type stays `Codable`, which saves of
/// records with relations or timestamps use.
///
/// ```swift
/// import BeeStoreMacros
///
/// @ColumnCodable
/// struct Track: ActiveRecord {
///     var id: Int64?
///     var name: String
///     var milliseconds: Int
/// }
///
/// let long = try Track.where(Track.Columns.milliseconds, .greaterThan, 300_000).records(in: db)
/// ```
@attached(
    extension, conformances: ColumnCodableRecord,
    names: named(storedProperties), named(init(columns:)), named(encode(to:)), named(Columns), named(TypedColumns),
    named(columns))
public macro ColumnCodable() = #externalMacro(module: "BeeStoreMacrosPlugin", type: "ColumnCodableMacro")
