/// {Bee}'s chain on the record type itself: `Post.where("author_id", 1).orderDesc("id").records()`
/// runs on the shared database, `….records(in: db)` on any database (as does
/// ``ActiveRecord/query(in:)``).
extension ActiveRecord {
    /// Records where `column = value` (`IS NULL` for nil).
    ///
    /// Inlined where it is called: the value is converted there, without a call into the
    /// library for it.
    @inlinable
    public static func `where`(_ column: String, _ value: consuming (any DatabaseValueConvertible)?) -> RecordQuery<Self> {
        // Moved out of its optional: the existential alone is destroyed, not the optional
        // through its generic value witness.
        guard let value = consume value else { return RecordQuery(whereNull: column) }
        let databaseValue = value.databaseValue
        return databaseValue.isNull ? RecordQuery(whereNull: column) : RecordQuery(lookingUp: column, databaseValue)
    }

    /// Records where `column <op> value`.
    public static func `where`(
        _ column: String, _ comparison: ComparisonOperator, _ value: (any DatabaseValueConvertible)?
    ) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.where(column, comparison, value) }
    }

    /// Records where `condition` holds: any boolean ``SQLExpression``
    /// (`Track.where(Track.columns.milliseconds > 300_000)`).
    public static func `where`(_ condition: SQLExpression) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.where(condition) }
    }

    /// Records matching the grouped conditions `build` makes.
    public static func `where`(_ build: (ConditionGroup) -> ConditionGroup) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.where(build) }
    }

    /// Records where `column IN (values…)`.
    public static func whereIn(_ column: String, _ values: [(any DatabaseValueConvertible)?]) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.whereIn(column, values) }
    }

    /// Records where `column NOT IN (values…)`.
    public static func whereNotIn(_ column: String, _ values: [(any DatabaseValueConvertible)?]) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.whereNotIn(column, values) }
    }

    /// Records whose `column` contains `text` (or matches it as ``LikeMatch`` says).
    public static func like(_ column: String, _ text: String, _ match: LikeMatch = .contains) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.like(column, text, match) }
    }

    /// Every record, sorted by `column` ascending.
    public static func orderAsc(_ column: String) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.orderAsc(column) }
    }

    /// Every record, sorted by `column` descending.
    public static func orderDesc(_ column: String) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.orderDesc(column) }
    }

    /// At most `count` records.
    public static func limit(_ count: Int) -> RecordQuery<Self> {
        RecordQuery { $0 = $0.limit(count) }
    }

    /// Records grouped by `columns`.
    public static func groupBy(_ columns: String...) -> RecordQuery<Self> {
        RecordQuery { query in query = columns.reduce(query) { $0.groupBy($1) } }
    }
}
