import BeeStore
import BeeStoreMacros
import Foundation
import Testing

/// A record whose column coding `@ColumnCodable` writes, with every kind of property.
@ColumnCodable
private struct Instrument: ActiveRecord, Equatable {
    enum Size: String, Codable { case small, large }
    struct Dimensions: Codable, Equatable { var width: Double; var height: Double }

    var id: Int64?
    var name: String
    var count: Int
    var weight: Double?
    var enabled: Bool
    var added: Date
    var size: Size
    var dimensions: Dimensions
}

/// A record adopting nothing but the macro: the conformance brings `ActiveRecord`.
@ColumnCodable
private struct Sensor: Equatable {
    var id: Int64?
    var label: String
}

/// A record whose `CodingKeys` renames one property and leaves another out.
@ColumnCodable
private struct Badge: ActiveRecord, Equatable {
    var id: Int64?
    var text: String
    var cachedWidth = 0

    enum CodingKeys: String, CodingKey {
        case id
        case text = "caption"
    }
}

/// A generic record, whose conformance has no static stored property.
@ColumnCodable
private struct Reading<Value: Codable & Equatable & SendableMetatype>: ActiveRecord, Equatable {
    var id: Int64?
    var value: Value
}

@ColumnCodable
private struct Writer: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
}

@ColumnCodable
private struct Remark: ActiveRecord, Equatable {
    var id: Int64?
    var text: String
}

/// A record with a belongs-to relation and a has-many one, loaded when a query includes them.
@ColumnCodable
private struct Essay: ActiveRecord, Equatable {
    var id: Int64?
    var title: String
    var writer: Writer?
    var remarks: [Remark]?
}

@Suite("@ColumnCodable records")
struct ColumnCodableMacroTests {
    private let added = Date(timeIntervalSince1970: 1_700_000_000.5)

    private func instrument(_ name: String, count: Int, weight: Double?) -> Instrument {
        Instrument(
            name: name, count: count, weight: weight, enabled: count > 1, added: added, size: .large,
            dimensions: .init(width: 1.5, height: 2))
    }

    @Test("The stored properties are listed in declaration order under their coding keys")
    func storedProperties() {
        #expect(Instrument.storedProperties.map(\.key) == [
            "id", "name", "count", "weight", "enabled", "added", "size", "dimensions",
        ])
        #expect(Badge.storedProperties.map(\.key) == ["id", "caption"])
        #expect(Essay.storedProperties.map(\.key) == ["id", "title", "writer", "remarks"])
    }

    @Test("Every kind of property round-trips through save, find, all and where")
    func roundTrip() throws {
        let db = try Database.inMemory()
        var lamp = instrument("lamp", count: 3, weight: nil)
        var fan = instrument("fan", count: 1, weight: 2.25)
        try lamp.save(in: db)
        try fan.save(in: db)
        #expect(lamp.id == 1)
        #expect(try Instrument.find(1, in: db) == lamp)
        #expect(try Instrument.all(in: db) == [lamp, fan])
        #expect(try Instrument.where(Instrument.Columns.name, "fan").records(in: db) == [fan])
        #expect(try Instrument.where(Instrument.Columns.weight, .greaterThan, 2).records(in: db) == [fan])
        let stored = try db.fetchOne("SELECT size, dimensions, enabled FROM instrument WHERE id = 1")
        #expect(stored?[0] == .text("large"))
        #expect(stored?[1] == .text(#"{"height":2,"width":1.5}"#))
        #expect(stored?[2] == .integer(1))
    }

    @Test("A value the column cannot hold is an error naming the column")
    func badColumnValue() throws {
        let db = try Database.inMemory()
        var lamp = instrument("lamp", count: 3, weight: nil)
        try lamp.save(in: db)
        try db.execute("UPDATE instrument SET count = 'many'")
        let error = #expect(throws: ConversionError.self) { try Instrument.find(1, in: db) }
        #expect(error?.description.hasSuffix(#"in column "count""#) == true, "\(String(describing: error))")
    }

    @Test("A struct adopting only the macro is a record")
    func conformanceFromTheMacro() throws {
        let db = try Database.inMemory()
        var sensor = Sensor(label: "porch")
        try sensor.save(in: db)
        #expect(try Sensor.where(Sensor.Columns.label, "porch").first(in: db) == sensor)
    }

    @Test("CodingKeys rename a column and leave a property out")
    func codingKeys() throws {
        let db = try Database.inMemory()
        var badge = Badge(text: "new", cachedWidth: 12)
        try badge.save(in: db)
        #expect(Badge.Columns.text == "caption")
        #expect(try db.fetchValue(String.self, "SELECT caption FROM badge") == "new")
        let found = try Badge.where(Badge.Columns.text, "new").first(in: db)
        #expect(found?.text == "new")
        #expect(found?.cachedWidth == 0)
    }

    @Test("A generic record round-trips")
    func genericRecord() throws {
        let db = try Database.inMemory()
        var reading = Reading(value: 21.5)
        try reading.save(in: db)
        #expect(try Reading<Double>.where(Reading<Double>.Columns.value, 21.5).records(in: db) == [reading])
    }

    @Test("Belongs-to and has-many relations load through including")
    func relations() throws {
        let db = try Database.inMemory()
        var essay = Essay(
            title: "On bees", writer: Writer(name: "Ann"), remarks: [Remark(text: "Buzz"), Remark(text: "Hum")])
        try essay.save(in: db)
        let id = try #require(essay.id)
        let bare = try Essay.find(id, in: db)
        #expect(bare?.writer == nil)
        #expect(bare?.remarks == nil)
        let full = try Essay.query(in: db).including(Essay.Columns.writer, Essay.Columns.remarks).find(id)
        #expect(full == essay)
        #expect(full?.writer?.name == "Ann")
        #expect(full?.remarks?.map(\.text) == ["Buzz", "Hum"])
        let all = try Essay.query(in: db).including(Essay.Columns.remarks).records()
        #expect(all.map(\.remarks?.count) == [2])
    }
}

extension ColumnCodableMacroTests {
    /// Typed columns take values of their property's type only. These do not compile, and
    /// are kept out of the build:
    ///
    /// ```swift
    /// #if false
    /// _ = Instrument.columns.count > "many"     // a String is not an Int
    /// _ = Instrument.columns.weight == "heavy"  // nor a Double?
    /// _ = Instrument.columns.colour             // Instrument has no property colour
    /// #endif
    /// ```
    @Test("Typed columns compare with values of their property's type")
    func typedColumns() throws {
        let db = try Database.inMemory()
        var lamp = instrument("lamp", count: 3, weight: nil)
        var fan = instrument("fan", count: 1, weight: 2.25)
        try lamp.save(in: db)
        try fan.save(in: db)
        let columns = Instrument.columns
        #expect(try Instrument.where(columns.count > 1).records(in: db) == [lamp])
        #expect(try Instrument.where(columns.weight == nil).records(in: db) == [lamp])
        #expect(try Instrument.where(columns.weight >= 2.0 && columns.name.like(containing: "a")).records(in: db) == [fan])
        #expect(try Instrument.where(columns.name.in(["fan", "horn"])).count(in: db) == 1)
        #expect(try Instrument.query(in: db).order(by: columns.count.expression).pluck("name", as: String.self) == ["fan", "lamp"])
        #expect(Badge.columns.text.name == "caption", "a typed column is named by its coding key")
        #expect(try Badge.where(Badge.columns.text == "new").count(in: db) == 0)
    }
}
