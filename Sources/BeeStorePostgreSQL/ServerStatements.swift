#if PostgreSQL
// PostgreSQL island: a read's snapshot transaction, the advisory locks that serialise
// migrations and record tables' creation across servers, LISTEN/NOTIFY, a query's plan
// (`EXPLAIN`), the statements a connection prepares (PREPARE, EXECUTE, DEALLOCATE),
// cursors (DECLARE, FETCH, CLOSE) and identity sequences moved past keys the app chose
// (`setval`) are PostgreSQL's own statements, with no counterpart in SQLite for the
// grammar to render.
import BeeStore

/// The statements of PostgreSQL's own that the backend runs.
enum ServerStatements {
    /// A read: one snapshot for all its statements (`REPEATABLE READ`), refusing writes.
    static let beginRead = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"

    /// A write: PostgreSQL's default isolation, `READ COMMITTED`.
    static let beginWrite = SQLDialect.postgreSQL.beginTransaction(.immediate)

    /// Takes the transaction-scoped advisory lock `key`, waiting for whoever holds it:
    /// released by the transaction's commit or rollback.
    static let transactionLock = "SELECT pg_advisory_xact_lock($1)"

    /// The advisory lock key of the observation triggers' installation: "BeeNotif" in ASCII.
    static let observationLockKey: Int64 = 0x4265_654E_6F74_6966

    /// The advisory lock key of record tables' creation: "BeeTable" in ASCII.
    static let recordTablesLockKey: Int64 = 0x4265_6554_6162_6C65

    /// A statement that does nothing but wait for the server's answer.
    static let roundTrip = "SELECT 1"

    /// Whether the table named `$1` exists in the search path (a quoted name, as the
    /// builder writes it, so that its case is kept).
    static let tableExists = "SELECT to_regclass(quote_ident($1)) IS NOT NULL"

    /// Moves the sequence that assigns the keys of column `$2` of table `$1` (a name as
    /// the builder writes it) to `$3`, a key the app chose, unless it is there already:
    /// the next key it assigns is past it. Nothing for a column that no sequence feeds.
    static let advanceKeySequence = """
        SELECT setval(sequence, $3) FROM (SELECT pg_get_serial_sequence(quote_ident($1), $2)::regclass AS sequence) AS found \
        WHERE sequence IS NOT NULL AND coalesce(pg_sequence_last_value(sequence), 0) < $3
        """

    /// Opens the cursor `name` (one of BeeStore's own: letters, digits, `_`) on the rows
    /// `query`, a `SELECT`, returns; its parameters are the query's. It lives until the
    /// transaction ends or it is closed.
    static func declareCursor(_ name: String, for query: String) -> String {
        "DECLARE \(name) NO SCROLL CURSOR FOR \(query)"
    }

    /// The next `count` rows of the cursor `name`; none once it has given them all.
    static func fetch(_ count: Int, from name: String) -> String {
        "FETCH FORWARD \(count) FROM \(name)"
    }

    /// Closes the cursor `name`.
    static func closeCursor(_ name: String) -> String {
        "CLOSE \(name)"
    }

    /// Prepares `sql` under `name` on the connection, with its parameters' types left to
    /// the server, as for an unnamed statement.
    static func prepare(_ name: String, as sql: String) -> String {
        "PREPARE \(name) AS \(sql)"
    }

    /// Runs the prepared statement `name` with `values` for its parameters: each an
    /// untyped literal (`E'42'`), which the server gives the type its parameter calls for,
    /// as it does a value bound without a type.
    static func execute(_ name: String, with values: [Value]) -> String {
        guard !values.isEmpty else { return "EXECUTE \(name)" }
        var bytes = Array("EXECUTE \(name)(".utf8)
        bytes.reserveCapacity(bytes.count + 24 * values.count)
        for (index, value) in values.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                bytes.append(UInt8(ascii: " "))
            }
            if case .integer(let integer) = value {
                // Written straight into the bytes, without a `String` (about 1,000
                // instructions an integer); digits and a sign need no escape.
                bytes.append(UInt8(ascii: "E"))
                bytes.append(UInt8(ascii: "'"))
                appendDecimal(integer, to: &bytes)
                bytes.append(UInt8(ascii: "'"))
                continue
            }
            guard let text = UntypedParameter.text(of: value) else {
                bytes.append(contentsOf: "NULL".utf8)
                continue
            }
            // An escape string (`E'…'`) reads the same whatever `standard_conforming_strings`
            // says: a backslash and a quote doubled, every other byte as it is.
            bytes.append(contentsOf: "E'".utf8)
            let utf8 = text.utf8
            if utf8.contains(where: Self.isEscaped) {
                for byte in utf8 {
                    if Self.isEscaped(byte) { bytes.append(byte) }
                    bytes.append(byte)
                }
            } else {
                bytes.append(contentsOf: utf8)
            }
            bytes.append(UInt8(ascii: "'"))
        }
        bytes.append(UInt8(ascii: ")"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the decimal digits of `integer`, after a minus sign when it is negative.
    private static func appendDecimal(_ integer: Int64, to bytes: inout [UInt8]) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var magnitude = integer.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Whether an escape string doubles `byte`: a quote or a backslash.
    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\")
    }

    /// Lets the prepared statement `name` go.
    static func deallocate(_ name: String) -> String {
        "DEALLOCATE \(name)"
    }

    /// Lets every prepared statement of the connection go.
    static let deallocateAll = "DEALLOCATE ALL"

    /// The server's plan of the query `sql`, as JSON: each table it scans is named by a
    /// `Relation Name`, those of its subqueries and common tables included.
    static func plan(of sql: String) -> String {
        "EXPLAIN (FORMAT JSON) " + sql
    }

    /// The function the change triggers run: it notifies the listeners of
    /// ``ChangeListener/channel`` with the changed table's name.
    static let changeNotifier = """
        CREATE OR REPLACE FUNCTION beestore_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('\(ChangeListener.channel)', TG_TABLE_NAME);
            RETURN NULL;
        END
        $$
        """

    /// The statement-level trigger that notifies after each statement that changes `table`.
    static func changeTrigger(on table: String) -> String {
        "CREATE OR REPLACE TRIGGER beestore_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "
            + table.quotedIdentifier + " FOR EACH STATEMENT EXECUTE FUNCTION beestore_notify_change()"
    }
}
#endif
