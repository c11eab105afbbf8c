import BeeStore
import Foundation
import Testing

/// A record reading and writing its own columns by position.
private struct Appliance: ColumnCodableRecord, Equatable {
    enum Size: String, Codable { case small, large }
    struct Dimensions: Codable, Equatable { var width: Double; var height: Double }

    var id: Int64?
    var name: String
    var count: Int
    var weight: Double?
    var size: Size
    var dimensions: Dimensions?
    var added: Date

    static let storedProperties = [
        RecordProperty("id", Int64?.self), RecordProperty("name", String.self), RecordProperty("count", Int.self),
        RecordProperty("weight", Double?.self), RecordProperty("size", Size.self),
        RecordProperty("dimensions", Dimensions?.self), RecordProperty("added", Date.self),
    ]

    init(id: Int64? = nil, name: String, count: Int, weight: Double?, size: Size, dimensions: Dimensions?, added: Date) {
        self.id = id
        self.name = name
        self.count = count
        self.weight = weight
        self.size = size
        self.dimensions = dimensions
        self.added = added
    }

    init(columns: inout ColumnReader) throws {
        id = try columns.read(Int64?.self)
        name = try columns.read(String.self)
        count = try columns.read(Int.self)
        weight = try columns.read(Double?.self)
        size = try columns.read(Size.self)
        dimensions = try columns.read(Dimensions?.self)
        added = try columns.read(Date.self)
    }

    func encode(to columns: inout ColumnWriter) throws {
        try columns.write(id)
        try columns.write(name)
        try columns.write(count)
        try columns.write(weight)
        try columns.write(size)
        try columns.write(dimensions)
        try columns.write(added)
    }
}

@Suite("Column-codable records")
struct ColumnCodableRecordTests {
    @Test("A record reading its own columns round-trips every kind of property")
    func roundTrip() throws {
        let db = try Database(path: ":memory:")
        let added = Date(timeIntervalSince1970: 1_700_000_000.5)
        var gadget = Appliance(
            name: "lamp", count: 3, weight: nil, size: .large, dimensions: .init(width: 1.5, height: 2), added: added)
        try gadget.save(in: db)
        #expect(gadget.id == 1)
        #expect(try Appliance.find(1, in: db) == gadget)
        #expect(try Appliance.all(in: db) == [gadget])
        let stored = try db.fetchOne("SELECT size, dimensions FROM appliance")
        #expect(stored?[0] == .text("large"))
    }
}
