import TodoSQL

extension SQLSession {
    /// Runs `body` on consecutive ranges (lowest, highest) of `key`, each holding `slice` of the
    /// rows of `source` that meet `condition` (whose values are `values`), or once on the whole
    /// range when `slice` is nil. On a SQLite file, a statement that runs triggers or cascades
    /// first gathers every rowid it touches in memory, and an UPDATE FROM every row it joins, so
    /// work of any size goes a slice at a time (`SQLDialect.rowsPerStatement`). Slices are cut
    /// at keys that exist, so a sparse set (ids left with gaps by hand, `Int64.min` and `.max`
    /// included) takes no more steps than it has rows.
    func forEachSlice(of slice: Int?, key: String, in source: String, where condition: String, _ values: [SQLValue],
                      _ body: (Int64, Int64) throws -> Void) throws {
        guard let slice else { return try body(.min, .max) }
        let cut = "SELECT \(key) FROM \(source) WHERE \(condition) AND \(key) >= $\(values.count + 1) ORDER BY \(key) LIMIT 1 OFFSET $\(values.count + 2)"
        var low: Int64 = .min
        while true {
            let high = try first(cut, values + [.integer(low), .integer(Int64(slice - 1))]) { try $0.int64(0) } ?? .max
            try body(low, high)
            if high == .max { return }
            low = high + 1
        }
    }
}
