/// A column of a table or view as the schema catalog describes it.
struct CatalogColumn: Hashable {
    /// How a column gets its value.
    enum Storage: Hashable {
        /// An ordinary column, written by inserts and updates.
        case ordinary
        /// A generated column computed when it is read (`VIRTUAL`).
        case generatedVirtual
        /// A generated column stored in the table (`STORED`).
        case generatedStored
    }

    let name: String
    /// The declared type, empty when none was declared.
    let declaredType: String
    let isNotNull: Bool
    let defaultSQL: String?
    /// The 1-based position in the primary key, or nil.
    let primaryKeyPosition: Int?
    let storage: Storage

    /// Whether inserts and updates write the column (it is not generated).
    var isWritable: Bool {
        storage == .ordinary
    }
}
