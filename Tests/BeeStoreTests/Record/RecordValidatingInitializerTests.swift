import Foundation
import Testing

@testable import BeeStore

/// A refusal of a record's own `init(from:)`.
struct InvalidEmail: Error {}

/// A team its members belong to.
struct MemberTeam: ActiveRecord, Equatable {
    var id: Int64?
    var name: String
}

/// A record whose `init(from:)` refuses an e-mail without "@", with its properties declared.
struct ValidatedMember: ActiveRecord, Equatable {
    var id: Int64?
    var email: String
    var nickname: String?
    var team: MemberTeam?

    init(email: String, nickname: String? = nil, team: MemberTeam? = nil) {
        self.email = email
        self.nickname = nickname
        self.team = team
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        email = try container.decode(String.self, forKey: .email)
        guard email.contains("@") else { throw InvalidEmail() }
        nickname = try container.decodeIfPresent(String.self, forKey: .nickname)
        team = try container.decodeIfPresent(MemberTeam.self, forKey: .team)
    }

    static let mapping = RecordMapping(columnNaming: .snakeCase).properties(
        RecordProperty("id", Int64?.self),
        RecordProperty("email", String.self),
        RecordProperty("nickname", String?.self),
        RecordProperty("team", MemberTeam?.self))
}

/// The same validation, without a declaration.
struct UndeclaredMember: ActiveRecord {
    var id: Int64?
    var email: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        email = try container.decode(String.self, forKey: .email)
        guard email.contains("@") else { throw InvalidEmail() }
    }
}

/// A validating record over an existing table, read from one of its rows.
struct Subscriber: ActiveRecord, Equatable {
    var id: Int64?
    var email: String
    var joined: Date
    var tier: Int

    init(email: String, joined: Date, tier: Int) {
        self.email = email
        self.joined = joined
        self.tier = tier
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        email = try container.decode(String.self, forKey: .email)
        joined = try container.decode(Date.self, forKey: .joined)
        tier = try container.decode(Int.self, forKey: .tier)
        guard email.contains("@"), (1...3).contains(tier) else { throw InvalidEmail() }
    }

    static let mapping = RecordMapping(table: "subscribers", primaryKey: "subscriber_id")
}

/// A validating record whose table has no row to read it from (a type of its own: a
/// schema, once read, is kept for the process).
struct Newsletter: ActiveRecord {
    var id: Int64?
    var title: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        guard title.first?.isUppercase == true else { throw InvalidEmail() }
    }
}

/// A declaration that leaves out a property the type encodes.
struct HalfDeclaredMember: ActiveRecord {
    var id: Int64?
    var email: String
    var nickname: String

    static let mapping = RecordMapping().properties(RecordProperty("id", Int64?.self), RecordProperty("email", String.self))
}

/// A declaration with no key property.
struct KeylessDeclaration: ActiveRecord {
    var id: Int64?
    var email: String

    static let mapping = RecordMapping().properties(RecordProperty("email", String.self))
}

/// A declared key under another column name.
struct BankAccount: ActiveRecord, Equatable {
    var number: String
    var owner: String

    var id: String {
        get { number }
        set { number = newValue }
    }

    static let mapping = RecordMapping(table: "account", primaryKey: "number").properties(
        RecordProperty("number", String.self),
        RecordProperty("owner", String.self))
}

/// A record whose `init(from:)` reads one of two properties, as its `kind` says.
struct Payment: ActiveRecord, Equatable {
    enum Kind: String, Codable { case card, iban }

    var id: Int64?
    var kind: Kind
    var cardNumber: String?
    var iban: String?

    enum CodingKeys: String, CodingKey { case id, kind, cardNumber, iban }

    init(kind: Kind, cardNumber: String? = nil, iban: String? = nil) {
        self.kind = kind
        self.cardNumber = cardNumber
        self.iban = iban
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        kind = try container.decode(Kind.self, forKey: .kind)
        if kind == .card {
            cardNumber = try container.decodeIfPresent(String.self, forKey: .cardNumber)
        } else {
            iban = try container.decodeIfPresent(String.self, forKey: .iban)
        }
    }
}

/// ``Payment`` with its properties declared.
struct DeclaredPayment: ActiveRecord, Equatable {
    var id: Int64?
    var kind: Payment.Kind
    var cardNumber: String?
    var iban: String?

    enum CodingKeys: String, CodingKey { case id, kind, cardNumber, iban }

    init(kind: Payment.Kind, iban: String? = nil) {
        self.kind = kind
        self.iban = iban
    }

    /// Decoded as a ``Payment`` is: one of the two properties, as `kind` says.
    init(from decoder: any Decoder) throws {
        let payment = try Payment(from: decoder)
        (id, kind, cardNumber, iban) = (payment.id, payment.kind, payment.cardNumber, payment.iban)
    }

    static let mapping = RecordMapping().properties(
        RecordProperty("id", Int64?.self), RecordProperty("kind", Payment.Kind.self),
        RecordProperty("cardNumber", String?.self), RecordProperty("iban", String?.self))
}

@Suite("Records: validating initializers")
struct RecordValidatingInitializerTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
    }

    @Test func aRecordWithDeclaredPropertiesIsNeverDecodedFromPlaceholders() throws {
        var member = ValidatedMember(email: "ann@example.com", team: MemberTeam(name: "Bees"))
        try member.save(in: db)
        let columns = try db.fetchAll("SELECT name, type, \"notnull\" FROM pragma_table_info('validated_member') ORDER BY cid")
        #expect(columns.map(\.values) == [["id", "INTEGER", 0], ["email", "TEXT", 1], ["nickname", "TEXT", 0], ["team_id", "INTEGER", 0]])
        #expect(try ValidatedMember.query(in: db).including("team").find(member.id ?? 0) == member)
        #expect(try ValidatedMember.where("email", "ann@example.com").count(in: db) == 1)
        #expect(throws: InvalidEmail.self, "a stored row that fails validation fails the fetch") {
            try db.execute("UPDATE validated_member SET email = 'nobody'")
            _ = try ValidatedMember.all(in: db)
        }
    }

    @Test func aRefusedPlaceholderSaysHowToDeclareTheProperties() throws {
        let error = #expect(throws: RecordError.self) { try UndeclaredMember.count(in: db) }
        let message = String(describing: error)
        #expect(message.contains("RecordMapping().properties("), "\(message)")
        #expect(message.contains(#"RecordProperty("email", String.self)"#), "\(message)")
    }

    @Test func aValidatingRecordIsReadFromARowItsTableHolds() throws {
        try db.execute(script: """
            CREATE TABLE subscribers (subscriber_id INTEGER PRIMARY KEY, email TEXT NOT NULL, joined TEXT NOT NULL,
                                      tier INTEGER NOT NULL);
            INSERT INTO subscribers VALUES (7, 'ann@example.com', '2026-01-02 03:04:05.000', 2);
            """)
        let ann = try #require(try Subscriber.find(7, in: db))
        #expect(ann.email == "ann@example.com" && ann.tier == 2)
        var bob = Subscriber(email: "bob@example.com", joined: Date(timeIntervalSince1970: 0), tier: 1)
        try bob.save(in: db)
        #expect(bob.id == 8)
        #expect(try Subscriber.all(in: db).map(\.email) == ["ann@example.com", "bob@example.com"])
    }

    @Test func aValidatingRecordWithAnEmptyTableSaysHowToDeclareIt() throws {
        try db.execute("CREATE TABLE newsletter (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        let error = #expect(throws: RecordError.self) { try Newsletter.count(in: db) }
        #expect(String(describing: error).contains("RecordMapping().properties("))
    }

    @Test func aDeclarationMustNameEveryPropertyAndTheKey() throws {
        var half = HalfDeclaredMember(id: nil, email: "a@b.c", nickname: "a")
        let error = #expect(throws: RecordError.self) { try half.save(in: db) }
        #expect(String(describing: error).contains("nickname"))
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM half_declared_member") == 0, "nothing is saved")
        #expect(throws: RecordError.missingPrimaryKey(record: "KeylessDeclaration")) { try KeylessDeclaration.count(in: db) }
    }

    @Test func aPropertyInitFromReadsInSomeCasesOnlyIsAnErrorNotAValueDropped() throws {
        var payment = Payment(kind: .iban, iban: "DE89 3704 0044 0532 0130 00")
        let error = #expect(throws: RecordError.self) { try payment.save(in: db) }
        #expect(String(describing: error).contains("iban"))
        #expect(String(describing: error).contains("RecordMapping.properties"))
        #expect(try Payment.count(in: db) == 0, "nothing is saved")
        // Declared, every property has its column.
        var declared = DeclaredPayment(kind: .iban, iban: "DE89 3704 0044 0532 0130 00")
        try declared.save(in: db)
        #expect(try DeclaredPayment.all(in: db) == [declared])
    }

    @Test func theDeclaredKeyIsThePropertyOfTheMappedKeyColumn() throws {
        var account = BankAccount(number: "FR76-1", owner: "Ann")
        try account.save(in: db)
        account.owner = "Bob"
        try account.save(in: db)
        #expect(try BankAccount.all(in: db) == [account])
        #expect(try db.fetchValue(Int.self, "SELECT pk FROM pragma_table_info('account') WHERE name = 'number'") == 1)
    }
}
