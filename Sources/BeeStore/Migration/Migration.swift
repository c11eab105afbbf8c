/// One versioned change to a database's schema or data: an identifier, the work that
/// applies it (`up`), optionally the work that reverts it (`down`), and a checksum that
/// tells whether it changed after it was applied.
///
/// Register migrations with a ``Migrator``, in code or from a directory of SQL files:
///
/// ```swift
/// let addIndex = Migration("0004_index_topics_count", version: "1") { connection in
///     try connection.execute("CREATE INDEX nodes_on_topics_count ON nodes (topics_count)")
/// } down: { connection in
///     try connection.execute("DROP INDEX nodes_on_topics_count")
/// }
/// let fromSQL = Migration("0005_add_color", sql: "ALTER TABLE sections ADD COLUMN color TEXT")
/// ```
public struct Migration: Sendable {
    /// The name the migration is recorded under once applied; unique within a migrator.
    public let identifier: String

    /// What the migrator records when it applies the migration and compares afterwards:
    /// the declared version of a code migration, or the CRC-32C of an SQL migration's
    /// `up` SQL (8 hexadecimal digits, line endings normalised to `\n`). A ledger written
    /// by earlier versions holds the SHA-256 of that SQL (64 hexadecimal digits), which
    /// still matches: see ``hasChecksum(_:)``.
    public let checksum: String

    /// The `up` SQL of an SQL migration, line endings normalised; nil for a code migration.
    private let normalizedSQL: [UInt8]?

    let up: @Sendable (Connection) throws -> Void
    let down: (@Sendable (Connection) throws -> Void)?

    /// A migration written in Swift. Change `version` whenever you change `up`, so that
    /// databases that already applied the old code report the migration as changed.
    public init(
        _ identifier: String,
        version: String = "1",
        up: @escaping @Sendable (Connection) throws -> Void,
        down: (@Sendable (Connection) throws -> Void)? = nil
    ) {
        self.identifier = identifier
        self.checksum = version
        self.normalizedSQL = nil
        self.up = up
        self.down = down
    }

    /// A migration written in SQL: `sql` (one or several `;`-separated statements)
    /// applies it and `downSQL`, when given, reverts it.
    public init(_ identifier: String, sql: String, downSQL: String? = nil) {
        self.identifier = identifier
        let normalizedSQL = Migration.normalizingLineEndings(sql)
        self.normalizedSQL = normalizedSQL
        let hex = String(CRC32C.checksum(normalizedSQL), radix: 16)
        self.checksum = String(repeating: "0", count: 8 - hex.count) + hex
        self.up = { try $0.execute(script: sql) }
        if let downSQL {
            self.down = { try $0.execute(script: downSQL) }
        } else {
            self.down = nil
        }
    }

    /// Whether `recorded`, a checksum a ledger holds for the migration, is the migration's
    /// own: its ``checksum``, or, for an SQL migration applied by an earlier version, the
    /// SHA-256 of its `up` SQL as that version recorded it.
    public func hasChecksum(_ recorded: String) -> Bool {
        if recorded == checksum { return true }
        guard let normalizedSQL, LegacySHA256.isHexDigest(recorded) else { return false }
        return LegacySHA256.hexDigest(normalizedSQL) == recorded
    }

    /// Whether the migration has a `down` part, so that it can be rolled back.
    public var isReversible: Bool {
        down != nil
    }

    /// The UTF-8 bytes of `text` with `\r\n` and lone `\r` turned into `\n`, so that a
    /// file's checksum does not depend on the platform that last saved it.
    static func normalizingLineEndings(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var previousWasCarriageReturn = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\r"):
                bytes.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "\n") where previousWasCarriageReturn:
                break
            default:
                bytes.append(byte)
            }
            previousWasCarriageReturn = byte == UInt8(ascii: "\r")
        }
        return bytes
    }
}
