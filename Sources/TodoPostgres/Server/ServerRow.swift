#if PostgreSQL
import PostgresNIO

/// One row of a result, read by column number as the SQLite module reads its statements. A
/// value of another type than asked for (a column changed by hand in psql) reads as a failure
/// naming the column, never as some other value.
struct ServerRow {
    private let cells: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        cells = row.makeRandomAccess()
    }

    func isNull(_ column: Int) -> Bool { cells[column].bytes == nil }

    func int64(_ column: Int) throws -> Int64 { try cells[column].decode(Int64.self) }
    func int(_ column: Int) throws -> Int { Int(try int64(column)) }
    func bool(_ column: Int) throws -> Bool { try cells[column].decode(Bool.self) }
    func text(_ column: Int) throws -> String { try cells[column].decode(String.self) }

    func optionalText(_ column: Int) throws -> String? {
        isNull(column) ? nil : try text(column)
    }

    func optionalInt64(_ column: Int) throws -> Int64? {
        isNull(column) ? nil : try int64(column)
    }

    func optionalBool(_ column: Int) throws -> Bool? {
        isNull(column) ? nil : try bool(column)
    }
}
#endif
