import CSQLite

/// Versions of BeeStore and of the SQLite library it runs on.
public enum BeeStoreVersion {
    /// BeeStore's version.
    public static let current = "0.1.0"

    /// The version of the SQLite library linked at run time, such as `3.40.1`.
    public static var sqlite: String {
        String(cString: sqlite3_libversion())
    }
}
