import BeeStore
import Foundation

/// {Bee}'s blogs example: a table built and queried with the query builder, then the
/// same posts as records with their authors (belongs-to) and comments (has-many).
@main
struct Blog {
    static func main() {
        do {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("Blog-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let db = try Database(path: directory.appendingPathComponent("blog.sqlite").path)
            defer { db.close() }

            try queryBuilder(db)
            try records(db)
        } catch {
            FileHandle.standardError.write(Data("Blog: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The `blogs` table: create, index, insert, update, delete, count and pages.
    static func queryBuilder(_ db: Database) throws {
        print("== The blogs table, with the query builder ==")
        print("")

        // TABLE / FIELD / PRIMARY_KEY / AUTO_INREMENT / INDEX_ON / CREATE_IF_NOT_EXISTS
        let blogs = db.table("blogs")
            .field("id", .integer).primaryKey().autoIncrement()
            .field("title", .text, size: 64).notNull()
            .field("author", .text, size: 32).notNull()
            .field("views", .integer).notNull().defaultZero()
            .index(on: "title")
        for statement in try blogs.createStatements(ifNotExists: true) {
            print(statement.sql)
        }
        try blogs.createIfNotExists()
        print("")

        // SET / INSERT: each insert returns the new row's id.
        let posts: [(title: String, author: String, views: Int)] = [
            ("Hello, world!", "Ann", 120),
            ("Why SQLite", "Ben", 340),
            ("Swift on Linux", "Ann", 95),
            ("Migrations without fear", "Chen", 210),
            ("Draft: untitled", "Ben", 0),
            ("Caching in two levels", "Chen", 180),
            ("Observing a database", "Ann", 260),
        ]
        var ids: [Int64] = []
        for post in posts {
            ids.append(try db.from("blogs").set("title", post.title).set("author", post.author).set("views", post.views).insert())
        }
        print("Inserted \(ids.count) posts, ids \(ids.map(String.init).joined(separator: ", ")).")

        // UPDATE: the builder shows the SQL and the bound values before it runs.
        let rename = db.from("blogs").set("title", "Hello, BeeStore!").where("id", 1)
        let renameStatement = try rename.updateStatement()
        print("\(renameStatement.sql)  -- \(renameStatement.arguments.map(\.description).joined(separator: ", "))")
        print("Updated \(try rename.update()) row.")

        // DELETE
        let drafts = db.from("blogs").like("title", "Draft:", .prefix)
        print("Deleted \(try drafts.delete()) draft.")

        // COUNT, aggregates and conditions
        print("Posts: \(try db.from("blogs").count()); by Ann: \(try db.from("blogs").where("author", "Ann").count()); "
            + "with more than 200 views: \(try db.from("blogs").where("views", .greaterThan, 200).count()).")
        print("Most views: \(try db.from("blogs").max("views", as: Int.self) ?? 0).")
        print("")

        // ORDER / LIMIT / OFFSET / GET: pages of four posts.
        let pageSize = 4
        let pageCount = (try db.from("blogs").count() + pageSize - 1) / pageSize
        for page in 0..<pageCount {
            print("Page \(page + 1) of \(pageCount):")
            let rows = try db.from("blogs").orderAsc("id").offset(page * pageSize).limit(pageSize).get()
            for row in rows {
                let id = try row.decode(Int64.self, column: "id")
                let title = try row.decode(String.self, column: "title")
                let author = try row.decode(String.self, column: "author")
                let views = try row.decode(Int.self, column: "views")
                print("  #\(id) \(title) by \(author), \(views) views")
            }
        }
        print("")
    }

    /// The same posts as records, with authors and comments.
    static func records(_ db: Database) throws {
        print("== The same posts as records ==")
        print("")

        // Authors first, so that the posts share them rather than each saving a copy.
        let names = try db.from("blogs").select("author").distinct().orderAsc("author").get()
            .map { try $0.decode(String.self, column: "author") }
        var authors = names.map { Author(name: $0) }
        try authors.save(in: db)
        let authorsByName = Dictionary(uniqueKeysWithValues: authors.map { ($0.name, $0) })
        print("Saved \(authors.count) authors: \(authors.map { "\($0.name) (#\($0.id ?? 0))" }.joined(separator: ", ")).")

        // One record per row, keeping the row's id; the whole graph is saved in one transaction.
        let comments: [Int64: [Comment]] = [
            1: [Comment(commenter: "Dana", text: "Welcome!"), Comment(commenter: "Eli", text: "Subscribed.")],
            2: [Comment(commenter: "Chen", text: "And when not to use it?")],
            7: [Comment(commenter: "Ben", text: "Does it see other processes' changes?"),
                Comment(commenter: "Ann", text: "Yes, within half a second.")],
        ]
        var posts: [BlogPost] = []
        for row in try db.from("blogs").orderAsc("id").get() {
            let id = try row.decode(Int64.self, column: "id")
            let name = try row.decode(String.self, column: "author")
            guard let author = authorsByName[name] else { continue }
            posts.append(BlogPost(
                id: id, title: try row.decode(String.self, column: "title"), views: try row.decode(Int.self, column: "views"),
                author: author, comments: comments[id] ?? []))
        }
        try posts.save(in: db)
        print("Saved \(try BlogPost.count(in: db)) posts with \(try Comment.count(in: db)) comments.")
        print("")

        // Queries return records with their relations loaded.
        if let ann = authorsByName["Ann"], let annID = ann.id {
            print("Posts by \(ann.name), most viewed first:")
            for post in try BlogPost.query(in: db).where("author_id", annID).orderDesc("views").records() {
                print("  #\(post.id ?? 0) \(post.title): \(post.views) views, \(post.comments.count) comments")
            }
        }
        print("Page 2 of 2, three posts a page:")
        for post in try BlogPost.query(in: db).orderAsc("id").offset(3).limit(3).records() {
            print("  #\(post.id ?? 0) \(post.title) by \(post.author.name)")
        }
        print("")

        // Editing the graph: a new comment is inserted and appended in order.
        guard var post = try BlogPost.find(7, in: db) else { throw BlogError.missingPost(7) }
        post.comments.append(Comment(commenter: "Dana", text: "Nice, thanks."))
        try post.save(in: db)
        if let saved = try BlogPost.find(7, in: db) {
            print("Comments on \"\(saved.title)\" by \(saved.author.name):")
            for comment in saved.comments {
                print("  \(comment.commenter): \(comment.text)")
            }
        }
        print("")

        // Deleting a post removes its links; its comments and author stay.
        guard let first = try BlogPost.find(1, in: db) else { throw BlogError.missingPost(1) }
        try first.delete(in: db)
        print("Deleted \"\(first.title)\": \(try BlogPost.count(in: db)) posts, "
            + "\(try Comment.count(in: db)) comments and \(try Author.count(in: db)) authors remain.")
    }
}

enum BlogError: Error, CustomStringConvertible {
    case missingPost(Int64)

    var description: String {
        switch self {
        case .missingPost(let id): "post #\(id) was not found"
        }
    }
}
