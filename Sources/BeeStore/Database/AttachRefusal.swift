import CSQLite

/// Refuses `ATTACH` and `DETACH` on a connection whose configuration does not allow them
/// (``Configuration/allowsAttach``), through SQLite's authorizer: such a statement fails
/// as it is prepared, with `SQLITE_AUTH`, before it opens any file. A connection that
/// tracks its changes has an authorizer of its own, which asks ``refuses(_:)`` first.
enum AttachRefusal {
    /// Whether the authorizer action `action` reaches another database file.
    static func refuses(_ action: Int32) -> Bool {
        action == SQLITE_ATTACH || action == SQLITE_DETACH
    }

    static func install(on handle: OpaquePointer) {
        sqlite3_set_authorizer(handle, { _, action, _, _, _, _ in
            AttachRefusal.refuses(action) ? SQLITE_DENY : SQLITE_OK
        }, nil)
    }
}
