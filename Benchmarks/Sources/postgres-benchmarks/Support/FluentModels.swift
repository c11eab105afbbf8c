import FluentKit

// Fluent's models are classes whose property wrappers hold their values; FluentKit
// requires `Model` to be `Sendable`, and its documentation declares models
// `@unchecked Sendable`, as here: each model is used by one task at a time.

/// The `item` table as a Fluent model.
final class FluentItem: Model, @unchecked Sendable {
    static let schema = "item"

    @ID(custom: "id", generatedBy: .user) var id: Int64?
    @Field(key: "a") var a: Int64
    @Field(key: "b") var b: Int64
    @Field(key: "c") var c: Int64
    @Field(key: "d") var d: Int64
    @Field(key: "e") var e: Int64
    @Field(key: "f") var f: Int64
    @Field(key: "g") var g: Int64
    @Field(key: "h") var h: Int64
    @Field(key: "i") var i: Int64
    @Field(key: "j") var j: Int64

    init() {}

    init(_ item: Item) {
        id = item.id
        (a, b, c, d, e, f, g, h, i, j) = (item.a, item.b, item.c, item.d, item.e, item.f, item.g, item.h, item.i, item.j)
    }

    /// The model's values, for the checks.
    var item: Item {
        Item(id: id, a: a, b: b, c: c, d: d, e: e, f: f, g: g, h: h, i: i, j: j)
    }
}

/// The `parent` table as a Fluent model, with its children.
final class FluentParent: Model, @unchecked Sendable {
    static let schema = "parent"

    @ID(custom: "id", generatedBy: .user) var id: Int64?
    @Field(key: "score") var score: Int64
    @Children(for: \.$parent) var children: [FluentChild]

    init() {}
}

/// The `child` table as a Fluent model.
final class FluentChild: Model, @unchecked Sendable {
    static let schema = "child"

    @ID(custom: "id", generatedBy: .user) var id: Int64?
    @Field(key: "a") var a: Int64
    @Field(key: "b") var b: Int64
    @Parent(key: "parentId") var parent: FluentParent

    init() {}
}
