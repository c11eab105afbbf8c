import BeeStore
import BenchmarkSupport
import CSQLiteRaw
import Foundation

/// A document of the full-text workload: the table `document`, indexed by the FTS5 table
/// `document_search` (external content, kept in sync by triggers).
struct Document: ActiveRecord, Sendable {
    var id: Int64?
    var title: String
    var body: String

    /// A word of the fixture's vocabulary: the digits of `index` in base 21, written with
    /// letters, at least three of them.
    static func word(_ index: Int) -> String {
        var number = index + 21 * 21
        var letters: [Character] = []
        while number > 0 {
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(number % 21))))
            number /= 21
        }
        return String(letters)
    }

    /// The words of the fixture (a few thousand, each in a few hundred documents).
    static let vocabulary = 10_000

    /// Document `id`: a title of 3 words and a body of 30, drawn from the vocabulary by a
    /// fixed pseudo-random sequence seeded with the id.
    static func sample(_ id: Int64) -> Document {
        var state = UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15
        func nextWord() -> String {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return word(Int((state >> 33) % UInt64(vocabulary)))
        }
        let title = (0..<3).map { _ in nextWord() }.joined(separator: " ")
        let body = (0..<30).map { _ in nextWord() }.joined(separator: " ")
        return Document(id: id, title: title, body: body)
    }
}

/// What a run of searches found: how many documents, and a checksum of their ids in order.
struct SearchDigest: Equatable {
    private(set) var count = 0
    private(set) var checksum: UInt64 = 0

    mutating func add(id: Int64, titleLength: Int) {
        count += 1
        checksum = (checksum &* 31) &+ UInt64(bitPattern: id) &+ UInt64(titleLength)
    }
}

/// Searches 100,000 documents with FTS5: each search matches one word of the vocabulary
/// and returns the 10 best documents by rank, as records through BeeStore's full-text API
/// (`Document.query(in:).matching(_:in:).order(by: rank).limit(10).records()`), against the
/// C API running the same statement. All searches run in one read.
final class FullTextSearchWorkload: Workload {
    let rawRatioTarget: Double? = 1.3
    let libraries: [Library] = [.raw, .beeStore]
    private let documentCount: Int
    private let words: [String]
    /// The patterns of the words' searches, in FTS5's syntax, as BeeStore binds them.
    private let patterns: [String]
    private var path: String?
    private var raw: RawDatabase?
    private var rawStatement: RawStatement?
    private var bee: BeeStore.Database?
    private var expected: SearchDigest?

    init(documents: Int, searches: Int) {
        documentCount = documents
        var state: UInt64 = 0xF75
        words = (0..<searches).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Document.word(Int((state >> 33) % UInt64(Document.vocabulary)))
        }
        patterns = words.map { FullTextPattern(matchingAllTokensIn: $0)?.text ?? "" }
    }

    var name: String { "8. full-text search ×\(grouped(words.count)) in \(grouped(documentCount)) documents" }

    var operations: Operations { Operations(count: words.count, unit: "search") }

    /// BeeStore's query of one search; the raw C baseline runs the statement it renders.
    private static func search(_ word: String, in database: BeeStore.Database?) -> RecordQuery<Document> {
        // The vocabulary's words are letters only: each makes a pattern.
        let pattern = FullTextPattern(matchingAllTokensIn: word) ?? FullTextPattern(rawPattern: "\"\"")
        return Document.query(in: database).matching(pattern, in: "document_search")
            .order(by: .column("document_search.rank")).limit(10)
    }

    func setUp(in scratch: Scratch) throws {
        let path = scratch.path("documents-\(documentCount).sqlite")
        if !FileManager.default.fileExists(atPath: path) { try build(path) }
        self.path = path
        let raw = try RawDatabase(path: path)
        let sql = try Self.search("x", in: nil).sql
        rawStatement = try raw.prepare(sql)
        self.raw = raw
        let bee = try BeeStore.Database(path: path)
        // A record type's first use on a database checks its table in a write, which a read cannot nest.
        _ = try Document.count(in: bee)
        self.bee = bee
        expected = try rawSearches()
    }

    /// The fixture, written with the C API: the documents, then the full-text index
    /// built from them, and the triggers BeeStore's synchronized table has.
    private func build(_ path: String) throws {
        let database = try RawDatabase(path: path)
        try database.execute("CREATE TABLE document (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)")
        try database.execute("BEGIN")
        let insert = try database.prepare("INSERT INTO document (id, title, body) VALUES (?, ?, ?)")
        for id in 1...Int64(documentCount) {
            let document = Document.sample(id)
            sqlite3_bind_int64(insert.handle, 1, id)
            sqlite3_bind_text(insert.handle, 2, document.title, -1, RawDatabase.transient)
            sqlite3_bind_text(insert.handle, 3, document.body, -1, RawDatabase.transient)
            try database.check(sqlite3_step(insert.handle), "INSERT INTO document")
            sqlite3_reset(insert.handle)
        }
        try database.execute("COMMIT")
        let bee = try BeeStore.Database(path: path)
        try bee.fullTextTable("document_search").column("title").column("body").synchronized(with: "document").create()
        bee.close()
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    func trial(for library: Library, in scratch: Scratch) throws -> Trial {
        guard let bee, let expected else { throw CheckFailure("not set up") }
        var digest = SearchDigest()
        let words = words
        let run: () throws -> Void
        switch library {
        case .raw:
            run = { digest = try self.rawSearches() }
        case .beeStore:
            run = {
                digest = try bee.read { _ in
                    var digest = SearchDigest()
                    for word in words {
                        for document in try Self.search(word, in: bee).records() {
                            digest.add(id: document.id ?? 0, titleLength: document.title.utf8.count)
                        }
                    }
                    return digest
                }
            }
        case .grdbCodable, .grdbHandWritten, .beeStoreColumnCodable, .foundation:
            throw CheckFailure.notCompared(library)
        }
        return Trial(run: run) {
            try expectEqual(digest, expected, "documents found")
            guard expected.count == 10 * words.count else {
                throw CheckFailure("\(expected.count) documents found, \(10 * words.count) expected")
            }
        }
    }

    /// The C API by hand: one read transaction, the search statement bound, stepped and
    /// reset per word, each row's columns read into a `Document`.
    private func rawSearches() throws -> SearchDigest {
        guard let raw, let statement = rawStatement?.handle else { throw CheckFailure("not set up") }
        try raw.execute("BEGIN")
        defer { try? raw.execute("COMMIT") }
        var digest = SearchDigest()
        let columns = Dictionary(uniqueKeysWithValues: (0..<sqlite3_column_count(statement)).map {
            (String(cString: sqlite3_column_name(statement, $0)), $0)
        })
        guard let id = columns["id"], let title = columns["title"], let body = columns["body"] else {
            throw CheckFailure("the search selects no id, title or body")
        }
        // The statement's arguments, as BeeStore binds them: the pattern, then the limit.
        guard sqlite3_bind_parameter_count(statement) <= 2 else { throw CheckFailure("the search binds more than 2 values") }
        sqlite3_bind_int64(statement, 2, 10)
        for pattern in patterns {
            sqlite3_bind_text(statement, 1, pattern, -1, RawDatabase.transient)
            var code = sqlite3_step(statement)
            while code == SQLITE_ROW {
                let document = Document(
                    id: sqlite3_column_int64(statement, id),
                    title: String(cString: sqlite3_column_text(statement, title)),
                    body: String(cString: sqlite3_column_text(statement, body)))
                digest.add(id: document.id ?? 0, titleLength: document.title.utf8.count)
                code = sqlite3_step(statement)
            }
            sqlite3_reset(statement)
            try raw.check(code, "search")
        }
        return digest
    }

    func notes() throws -> [String] {
        ["8: the search statement, BeeStore's and raw C's: " + (try Self.search("word", in: nil).sql)]
    }

    func tearDown() {
        bee?.close()
        bee = nil
        rawStatement = nil
        raw = nil
    }
}
