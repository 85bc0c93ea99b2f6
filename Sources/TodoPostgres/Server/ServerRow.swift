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

    func int64(_ column: Int) throws -> Int64 { try decode(Int64.self, column) }
    func int(_ column: Int) throws -> Int { Int(try int64(column)) }
    func bool(_ column: Int) throws -> Bool { try decode(Bool.self, column) }
    func text(_ column: Int) throws -> String { try decode(String.self, column) }

    private func decode<T: PostgresDecodable>(_ type: T.Type, _ column: Int) throws -> T {
        do {
            return try cells[column].decode(T.self)
        } catch {
            let cell = cells[column]
            throw ServerError.unusableDatabase(
                "column \(cell.columnName) holds \(cell.bytes == nil ? "NULL" : "a \(cell.dataType)") where todo wrote \(T.self): was the schema changed by hand?")
        }
    }

    func optionalText(_ column: Int) throws -> String? {
        isNull(column) ? nil : try text(column)
    }
}
#endif
