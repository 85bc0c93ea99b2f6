#if PostgreSQL
import TodoCore
import TodoHistory
import TodoSQL

extension TaskRow {
    /// What selects `fingerprinted` of the task `t`, in the server's SQL.
    static let fingerprintSelection = selected(PostgresDialect(), fingerprinted)
}

/// The `$1, $2, …` of a statement, numbered as values are added.
struct Placeholders {
    private(set) var values: [ServerValue] = []

    /// The next placeholder, standing for `value`.
    mutating func add(_ value: ServerValue) -> String {
        values.append(value)
        return "$\(values.count)"
    }

    /// `$n, $n+1, …` for each of `values`.
    mutating func list(_ values: [ServerValue]) -> String {
        values.map { add($0) }.joined(by: ", ")
    }
}
#endif
