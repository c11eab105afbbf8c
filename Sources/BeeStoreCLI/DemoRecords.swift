import BeeStore

/// A forum section of the demo database, stored in the `sections` table the example
/// migrations create.
struct DemoSection: ActiveRecord {
    var id: Int64?
    var name: String
    var sort: Int

    static var tableName: String { "sections" }
}

/// A forum node of the demo database: it belongs to its section (the `section_id`
/// column the example migrations create).
struct DemoNode: ActiveRecord {
    var id: Int64?
    var name: String
    var summary: String
    var section: DemoSection
    var sort: Int
    var topicsCount: Int
    var sectionName: String

    static var tableName: String { "nodes" }

    enum CodingKeys: String, CodingKey {
        case id, name, summary, section, sort
        case topicsCount = "topics_count"
        case sectionName = "section_name"
    }
}

/// The demo's sample data: a few sections of a Ruby forum and their nodes.
enum DemoData {
    static let sections: [(name: String, nodes: [(name: String, summary: String, topics: Int)])] = [
        ("Ruby", [
            ("Ruby", "The language itself: syntax, standard library, releases", 4210),
            ("Gems", "Publishing and choosing gems", 1388),
            ("Testing", "RSpec, Minitest and friends", 642),
        ]),
        ("Rails", [
            ("Rails", "Building web applications with Ruby on Rails", 8731),
            ("Active Record", "Models, migrations and queries", 1954),
            ("Deployment", "Servers, containers and going live", 977),
        ]),
        ("Community", [
            ("Jobs", "Hiring and looking for work", 2566),
            ("Meetups", "Conferences and local groups", 318),
            ("闲聊 Chat", "Anything else 🐝", 5120),
        ]),
    ]
}
