import BeeStoreMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expands `source`, whose first line is `@ColumnCodable`, and records an issue unless
/// the result is the source without that line followed by `generated` (nothing when
/// nil), with `diagnostics`.
private func assertColumnCodable(
    _ source: String, generates generated: String?, diagnostics: [DiagnosticSpec] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let declaration = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    assertMacroExpansion(
        source, expandedSource: declaration + (generated.map { "\n\n" + $0 } ?? ""), diagnostics: diagnostics,
        macroSpecs: ["ColumnCodable": MacroSpec(type: ColumnCodableMacro.self, conformances: ["ColumnCodableRecord"])],
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath,
                    line: failure.location.line, column: failure.location.column))
        },
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The diagnostic `@ColumnCodable` gives at `line`, `column` of the source.
private func error(_ message: String, line: Int, column: Int) -> DiagnosticSpec {
    DiagnosticSpec(message: message, line: line, column: column, severity: .error)
}

@Suite("@ColumnCodable expansion")
struct ColumnCodableMacroTests {
    @Test("A struct's stored properties are read and written in declaration order")
    func plainStruct() {
        assertColumnCodable(
            """
            @ColumnCodable
            struct Track: ActiveRecord {
                var id: Int64?
                var name: String
                var milliseconds: Int
            }
            """,
            generates: """
            extension Track: ColumnCodableRecord {
                static var storedProperties: [BeeStore.RecordProperty] {
                    [
                        BeeStore.RecordProperty("id", Int64?.self),
                        BeeStore.RecordProperty("name", String.self),
                        BeeStore.RecordProperty("milliseconds", Int.self),
                    ]
                }
                init(columns: inout BeeStore.ColumnReader) throws {
                    self.id = try columns.read(Int64?.self)
                    self.name = try columns.read(String.self)
                    self.milliseconds = try columns.read(Int.self)
                }
                func encode(to columns: inout BeeStore.ColumnWriter) throws {
                    try columns.write(self.id)
                    try columns.write(self.name)
                    try columns.write(self.milliseconds)
                }
                /// Each stored property's column, by the coding key a record query accepts.
                enum Columns {
                    static var id: String {
                        "id"
                    }
                    static var name: String {
                        "name"
                    }
                    static var milliseconds: String {
                        "milliseconds"
                    }
                }
                /// Each stored property's column, typed by the property: comparisons take values of its type.
                struct TypedColumns {
                    var id: BeeStore.TypedColumn<Int64?> {
                        .init("id")
                    }
                    var name: BeeStore.TypedColumn<String> {
                        .init("name")
                    }
                    var milliseconds: BeeStore.TypedColumn<Int> {
                        .init("milliseconds")
                    }
                }
                /// Each stored property's column, typed by the property.
                static var columns: TypedColumns {
                    TypedColumns()
                }
            }
            """)
    }

    @Test("Each property is read as the type it declares, optionals, relations and escaped names included")
    func declaredTypes() {
        assertColumnCodable(
            """
            @ColumnCodable
            struct Album {
                var id: Int64?
                var title: Optional<String>
                var tracks: [Track]
                var artist: Artist?
                var kind: Kind
                var released: Date
                var ratings: [String: Int]
                var grouped: (Int)?
                var `default`: Bool
            }
            """,
            generates: """
            extension Album: ColumnCodableRecord {
                static var storedProperties: [BeeStore.RecordProperty] {
                    [
                        BeeStore.RecordProperty("id", Int64?.self),
                        BeeStore.RecordProperty("title", Optional<String>.self),
                        BeeStore.RecordProperty("tracks", [Track].self),
                        BeeStore.RecordProperty("artist", Artist?.self),
                        BeeStore.RecordProperty("kind", Kind.self),
                        BeeStore.RecordProperty("released", Date.self),
                        BeeStore.RecordProperty("ratings", [String: Int].self),
                        BeeStore.RecordProperty("grouped", (Int)?.self),
                        BeeStore.RecordProperty("default", Bool.self),
                    ]
                }
                init(columns: inout BeeStore.ColumnReader) throws {
                    self.id = try columns.read(Int64?.self)
                    self.title = try columns.read(Optional<String>.self)
                    self.tracks = try columns.read([Track].self)
                    self.artist = try columns.read(Artist?.self)
                    self.kind = try columns.read(Kind.self)
                    self.released = try columns.read(Date.self)
                    self.ratings = try columns.read([String: Int].self)
                    self.grouped = try columns.read((Int)?.self)
                    self.`default` = try columns.read(Bool.self)
                }
                func encode(to columns: inout BeeStore.ColumnWriter) throws {
                    try columns.write(self.id)
                    try columns.write(self.title)
                    try columns.write(self.tracks)
                    try columns.write(self.artist)
                    try columns.write(self.kind)
                    try columns.write(self.released)
                    try columns.write(self.ratings)
                    try columns.write(self.grouped)
                    try columns.write(self.`default`)
                }
                /// Each stored property's column, by the coding key a record query accepts.
                enum Columns {
                    static var id: String {
                        "id"
                    }
                    static var title: String {
                        "title"
                    }
                    static var tracks: String {
                        "tracks"
                    }
                    static var artist: String {
                        "artist"
                    }
                    static var kind: String {
                        "kind"
                    }
                    static var released: String {
                        "released"
                    }
                    static var ratings: String {
                        "ratings"
                    }
                    static var grouped: String {
                        "grouped"
                    }
                    static var `default`: String {
                        "default"
                    }
                }
                /// Each stored property's column, typed by the property: comparisons take values of its type.
                struct TypedColumns {
                    var id: BeeStore.TypedColumn<Int64?> {
                        .init("id")
                    }
                    var title: BeeStore.TypedColumn<Optional<String>> {
                        .init("title")
                    }
                    var tracks: BeeStore.TypedColumn<[Track]> {
                        .init("tracks")
                    }
                    var artist: BeeStore.TypedColumn<Artist?> {
                        .init("artist")
                    }
                    var kind: BeeStore.TypedColumn<Kind> {
                        .init("kind")
                    }
                    var released: BeeStore.TypedColumn<Date> {
                        .init("released")
                    }
                    var ratings: BeeStore.TypedColumn<[String: Int]> {
                        .init("ratings")
                    }
                    var grouped: BeeStore.TypedColumn<(Int)?> {
                        .init("grouped")
                    }
                    var `default`: BeeStore.TypedColumn<Bool> {
                        .init("default")
                    }
                }
                /// Each stored property's column, typed by the property.
                static var columns: TypedColumns {
                    TypedColumns()
                }
            }
            """)
    }

    @Test("CodingKeys rename properties and leave out the ones they do not list")
    func codingKeys() {
        assertColumnCodable(
            """
            @ColumnCodable
            struct Track {
                var id: Int64?
                var name: String
                var cache = [String: Int]()

                enum CodingKeys: String, CodingKey {
                    case id = "TrackId"
                    case name
                }
            }
            """,
            generates: """
            extension Track: ColumnCodableRecord {
                static var storedProperties: [BeeStore.RecordProperty] {
                    [
                        BeeStore.RecordProperty("TrackId", Int64?.self),
                        BeeStore.RecordProperty("name", String.self),
                    ]
                }
                init(columns: inout BeeStore.ColumnReader) throws {
                    self.id = try columns.read(Int64?.self)
                    self.name = try columns.read(String.self)
                }
                func encode(to columns: inout BeeStore.ColumnWriter) throws {
                    try columns.write(self.id)
                    try columns.write(self.name)
                }
                /// Each stored property's column, by the coding key a record query accepts.
                enum Columns {
                    static var id: String {
                        "TrackId"
                    }
                    static var name: String {
                        "name"
                    }
                }
                /// Each stored property's column, typed by the property: comparisons take values of its type.
                struct TypedColumns {
                    var id: BeeStore.TypedColumn<Int64?> {
                        .init("TrackId")
                    }
                    var name: BeeStore.TypedColumn<String> {
                        .init("name")
                    }
                }
                /// Each stored property's column, typed by the property.
                static var columns: TypedColumns {
                    TypedColumns()
                }
            }
            """)
    }

    @Test("Computed, static and initialised let properties are not stored; observed ones are")
    func skippedProperties() {
        assertColumnCodable(
            """
            @ColumnCodable
            struct Counter {
                static let shared = Counter()
                static var registry: [String] = []
                let kind = "counter"
                let id: Int64?
                var count: Int = 0 {
                    didSet { print(count) }
                }
                var double: Int { count * 2 }
                var half: Int {
                    get { count / 2 }
                    set { count = newValue * 2 }
                }
            }
            """,
            generates: """
            extension Counter: ColumnCodableRecord {
                static var storedProperties: [BeeStore.RecordProperty] {
                    [
                        BeeStore.RecordProperty("id", Int64?.self),
                        BeeStore.RecordProperty("count", Int.self),
                    ]
                }
                init(columns: inout BeeStore.ColumnReader) throws {
                    self.id = try columns.read(Int64?.self)
                    self.count = try columns.read(Int.self)
                }
                func encode(to columns: inout BeeStore.ColumnWriter) throws {
                    try columns.write(self.id)
                    try columns.write(self.count)
                }
                /// Each stored property's column, by the coding key a record query accepts.
                enum Columns {
                    static var id: String {
                        "id"
                    }
                    static var count: String {
                        "count"
                    }
                }
                /// Each stored property's column, typed by the property: comparisons take values of its type.
                struct TypedColumns {
                    var id: BeeStore.TypedColumn<Int64?> {
                        .init("id")
                    }
                    var count: BeeStore.TypedColumn<Int> {
                        .init("count")
                    }
                }
                /// Each stored property's column, typed by the property.
                static var columns: TypedColumns {
                    TypedColumns()
                }
            }
            """)
    }

    @Test("Several properties declared together each get their column")
    func multipleBindings() {
        assertColumnCodable(
            """
            @ColumnCodable
            struct Point {
                var x, y: Double
                var label: String, order: Int
            }
            """,
            generates: """
            extension Point: ColumnCodableRecord {
                static var storedProperties: [BeeStore.RecordProperty] {
                    [
                        BeeStore.RecordProperty("x", Double.self),
                        BeeStore.RecordProperty("y", Double.self),
                        BeeStore.RecordProperty("label", String.self),
                        BeeStore.RecordProperty("order", Int.self),
                    ]
                }
                init(columns: inout BeeStore.ColumnReader) throws {
                    self.x = try columns.read(Double.self)
                    self.y = try columns.read(Double.self)
                    self.label = try columns.read(String.self)
                    self.order = try columns.read(Int.self)
                }
                func encode(to columns: inout BeeStore.ColumnWriter) throws {
                    try columns.write(self.x)
                    try columns.write(self.y)
                    try columns.write(self.label)
                    try columns.write(self.order)
                }
                /// Each stored property's column, by the coding key a record query accepts.
                enum Columns {
                    static var x: String {
                        "x"
                    }
                    static var y: String {
                        "y"
                    }
                    static var label: String {
                        "label"
                    }
                    static var order: String {
                        "order"
                    }
                }
                /// Each stored property's column, typed by the property: comparisons take values of its type.
                struct TypedColumns {
                    var x: BeeStore.TypedColumn<Double> {
                        .init("x")
                    }
                    var y: BeeStore.TypedColumn<Double> {
                        .init("y")
                    }
                    var label: BeeStore.TypedColumn<String> {
                        .init("label")
                    }
                    var order: BeeStore.TypedColumn<Int> {
                        .init("order")
                    }
                }
                /// Each stored property's column, typed by the property.
                static var columns: TypedColumns {
                    TypedColumns()
                }
            }
            """)
    }

    @Test("A public struct's members are public; a struct's own Columns is kept")
    func publicStructWithItsOwnColumns() {
        assertColumnCodable(
            """
            @ColumnCodable
            public struct Note {
                public var id: Int64?
                public enum Columns {}
            }
            """,
            generates: """
            extension Note: ColumnCodableRecord {
                public static var storedProperties: [BeeStore.RecordProperty] {
                    [
                        BeeStore.RecordProperty("id", Int64?.self),
                    ]
                }
                public init(columns: inout BeeStore.ColumnReader) throws {
                    self.id = try columns.read(Int64?.self)
                }
                public func encode(to columns: inout BeeStore.ColumnWriter) throws {
                    try columns.write(self.id)
                }
            }
            """)
    }

    @Test("Only a struct takes the macro", arguments: ["final class", "enum", "actor", "protocol"])
    func notAStruct(kind: String) {
        assertColumnCodable(
            """
            @ColumnCodable
            \(kind) Track {
            }
            """,
            generates: nil,
            diagnostics: [
                error("apply @ColumnCodable to a struct; a class can adopt ColumnCodableRecord by hand", line: 1, column: 1)
            ])
    }

    @Test("A stored property needs a type annotation")
    func missingTypeAnnotation() {
        assertColumnCodable(
            """
            @ColumnCodable
            struct Track {
                var plays = 0
            }
            """,
            generates: nil,
            diagnostics: [
                error(
                    "add a type annotation to 'plays': @ColumnCodable reads each stored property as its declared type",
                    line: 3, column: 9)
            ])
    }

    @Test("A destructured declaration is refused")
    func destructuringPattern() {
        assertColumnCodable(
            """
            @ColumnCodable
            struct Track {
                var (start, end): (Int, Int)
            }
            """,
            generates: nil,
            diagnostics: [
                error(
                    "declare '(start, end)' as separate properties: @ColumnCodable stores one column per property",
                    line: 3, column: 9)
            ])
    }

    @Test(
        "A type no column can hold is an error on that type",
        arguments: [
            ("var onChange: () -> Void", "() -> Void", "a function type is not Codable"),
            ("var handlers: [(Int) -> Void]", "(Int) -> Void", "a function type is not Codable"),
            ("var point: (x: Int, y: Int)", "(x: Int, y: Int)", "a tuple is not Codable; use a struct"),
            ("var pair: (Int, Int)?", "(Int, Int)", "a tuple is not Codable; use a struct"),
            ("var shape: some Codable", "some Codable", existential),
            ("var payload: any Codable", "any Codable", existential),
            ("var both: Encodable & Decodable", "Encodable & Decodable", existential),
            ("var name: String!", "String!", "an implicitly unwrapped optional is not supported; use 'String?'"),
            ("var kind: Any.Type", "Any.Type", "a metatype is not Codable"),
        ])
    func unsupportedType(declaration: String, type: String, reason: String) throws {
        let property = try #require(declaration.split(separator: " ").dropFirst().first?.dropLast())
        let start = try #require(declaration.firstRange(of: type)).lowerBound
        let column = 5 + declaration.distance(from: declaration.startIndex, to: start)
        assertColumnCodable(
            """
            @ColumnCodable
            struct Track {
                var id: Int64?
                \(declaration)
            }
            """,
            generates: nil,
            diagnostics: [error("'\(property)' cannot be stored in a column: \(reason)", line: 4, column: column)])
    }
}

/// The reason given for an opaque or existential type.
private let existential =
    "an opaque or existential type ('some', 'any', 'P & Q') has no concrete type to read; use a concrete Codable type"
