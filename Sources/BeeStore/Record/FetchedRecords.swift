/// Builds the array of a fetch's records as the rows are decoded.
///
/// Appending to an `[Record]` in code generic over `Record` (the fetch loop, compiled
/// once for every record type) looks up `Array<Record>`'s type metadata at every
/// append: about 300 instructions, 7% of fetching a row of ten integers. Here the rows
/// reach the array as one sequence, through one `append(contentsOf:)`: the standard
/// library's loop writes each record into the array's spare capacity and grows the
/// array as `append` does, freeing each full storage once its records moved to the
/// larger one. The fetch never holds its records twice: a buffer filled first and copied
/// into the array at the end, or arrays kept until the fetch ended, held them all in
/// two places at the peak (1.8 times the array's memory).
enum FetchedRecords {
    /// `first`, then the record `decoder` decodes from each row `statement` steps to.
    static func collect<Record: ActiveRecord>(
        first: consuming Record, stepping statement: Statement, decoder: RecordDecoder
    ) throws -> [Record] {
        var records = [first]
        let rows = Rows<Record>(statement: statement, decoder: decoder)
        records.append(contentsOf: rows)
        if let failure = rows.failure.error { throw failure }
        return records
    }

    /// The records of the rows to come; an error ends them, and waits in ``failure``.
    private struct Rows<Record: ActiveRecord>: Sequence, IteratorProtocol {
        let statement: Statement
        let decoder: RecordDecoder
        let failure = Failure()

        mutating func next() -> Record? {
            do {
                guard try statement.step() else { return nil }
                return try decoder.decode(Record.self)
            } catch {
                failure.error = error
                return nil
            }
        }
    }

    /// Where the sequence leaves the error that ended it (the sequence itself is copied
    /// into the standard library's loop).
    private final class Failure {
        var error: (any Error)?
    }
}
