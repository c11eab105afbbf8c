#if PostgreSQL
// PostgreSQL island: a read's snapshot transaction, the advisory locks that serialise
// migrations and record tables' creation across servers, LISTEN/NOTIFY and a query's plan
// (`EXPLAIN`) are PostgreSQL's own statements, with no counterpart in SQLite for the
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
