extension Value: CustomStringConvertible {
    /// The value as an SQL literal that SQLite reads back as this exact value (`NULL`,
    /// `42`, `'it''s'`, `X'FF00'`; see `SQLLiteral` for reals).
    public var description: String {
        SQLDialect.sqlite.literal(self)
    }
}
