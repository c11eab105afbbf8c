/// Builds the array of a fetch's records as the rows are decoded.
///
/// Appending to an `[Record]` in code generic over `Record` (the fetch loop, compiled
/// once for every record type) looks up `Array<Record>`'s type metadata at every
/// append: about 300 instructions, 7% of fetching a row of ten integers. Here the array
/// grows by doubling its capacity, and the rows fill each new stretch of spare capacity
/// through one `append(contentsOf:)` of a sequence that decodes each record straight into
/// the array's storage (its `_copyContents(initializing:)`, which the standard library
/// calls with that spare capacity). The standard library's element-by-element path, an
/// optional record moved three times through value witnesses for every row (about 120
/// instructions a row), never runs. The fetch never holds its records twice: a buffer
/// filled first and copied into the array at the end, or arrays kept until the fetch
/// ended, held them all in two places at the peak (1.8 times the array's memory).
enum FetchedRecords {
    /// The records of a ``ColumnCodableRecord`` type, read by its own `init(columns:)`
    /// from each row `statement` steps to, whose columns are `schema`'s.
    static func collect<Fast: ColumnCodableRecord, Record>(
        _ fast: Fast.Type, as type: Record.Type, schema: RecordSchema, stepping statement: Statement
    ) throws -> [Record] {
        try RecordDecoder.requireSame(fast, type)
        var reader = ColumnReader(schema: schema, statement: statement.handle, offset: 0)
        let records = try collect(first: nil, stepping: statement) {
            reader.rewind()
            return try Fast(columns: &reader)
        }
        // `Fast` is `Record`, checked above: the array's bit cast is an identity.
        return unsafeBitCast(records, to: [Record].self)
    }

    /// `first`, if any, then the record `decode` makes of each row `statement` steps to.
    static func collect<Record>(
        first: consuming Record?, stepping statement: Statement, decode: () throws -> Record
    ) throws -> [Record] {
        var records: [Record] = []
        if let first { records.append(first) }
        // The rows keep `decode` only while this call runs.
        return try withoutActuallyEscaping(decode) { decode in
            let rows = Rows(statement: statement, decode: decode)
            while !rows.progress.isFinished {
                records.reserveCapacity(Swift.max(records.count * 2, 4))
                let count = records.count
                records.append(contentsOf: rows)
                // Each round has spare capacity and takes at least one row, or ends the
                // rows: a standard library that iterated the sequence instead of copying
                // it would otherwise loop here for ever.
                precondition(records.count > count || rows.progress.isFinished, "append(contentsOf:) skipped the rows")
            }
            if let failure = rows.progress.error { throw failure }
            return records
        }
    }

    /// The records of the rows to come, as many as fit in the spare capacity they are
    /// copied into; an error ends them, and waits in ``Progress/error``.
    private struct Rows<Record>: Sequence {
        let statement: Statement
        let decode: () throws -> Record
        let progress = Progress()

        /// Nothing beyond what `_copyContents(initializing:)` wrote: `append(contentsOf:)`
        /// asks it for more only when that filled the array's spare capacity, and the
        /// next round of ``collect(first:stepping:decode:)`` grows the array first.
        func makeIterator() -> EmptyCollection<Record>.Iterator {
            EmptyCollection.Iterator()
        }

        /// Decodes records into `buffer` until it is full, the rows end or one fails.
        func _copyContents(
            initializing buffer: UnsafeMutableBufferPointer<Record>
        ) -> (EmptyCollection<Record>.Iterator, Int) {
            guard let start = buffer.baseAddress else { return (makeIterator(), 0) }
            var count = 0
            do {
                while count < buffer.count {
                    guard try statement.step() else {
                        progress.isFinished = true
                        break
                    }
                    (start + count).initialize(to: try decode())
                    count += 1
                }
            } catch {
                progress.error = error
                progress.isFinished = true
            }
            return (makeIterator(), count)
        }
    }

    /// How far the rows went, shared by the copies of the sequence that the standard
    /// library makes.
    private final class Progress {
        var isFinished = false
        var error: (any Error)?
    }
}
