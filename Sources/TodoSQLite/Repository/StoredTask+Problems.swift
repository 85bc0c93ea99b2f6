import TodoCore
import TodoHistory

extension StoredTask {
    /// What in a row of `SELECT id, title, priority, done, due, created_at, updated_at,
    /// completed_at, repeat, repeat_from` todo cannot read; empty when all is well.
    static func problems(_ row: Statement) -> [String] {
        var problems: [String] = []
        if row.text(1).isEmpty { problems.append("its title is empty") }
        if Priority(rawValue: row.text(2)) == nil { problems.append("priority \(quoted(row.text(2))) is not none, low, medium or high") }
        if !(0...1).contains(row.int64(3)) || row.isNull(3) { problems.append("done is \(quoted(row.text(3))), not 0 or 1") }
        if let due = row.optionalText(4), Due(text: due) == nil { problems.append("due \(quoted(due)) is not YYYY-MM-DD or YYYY-MM-DDTHH:MM") }
        for (column, name) in [(5, "created_at"), (6, "updated_at"), (7, "completed_at")] {
            guard let text = row.optionalText(Int32(column)) else {
                if column != 7 { problems.append("\(name) is missing") }
                continue
            }
            if Timestamp.normalized(text) == nil { problems.append("\(name) \(quoted(text)) is not a time") }
        }
        if (row.int64(3) == 1) != !row.isNull(7) { problems.append("done and completed_at disagree") }
        if let text = row.optionalText(8) {
            if RepeatRule(stored: text) == nil { problems.append("repeat \(quoted(text)) is not Nd, Nw, Nm or Ny (N from 1 to 1200; a month or year rule may end @29, @30 or @31)") }
            if row.isNull(4) { problems.append("it repeats but has no due date") }
        }
        if RepeatFrom(rawValue: row.text(9)) == nil { problems.append("repeat_from \(quoted(row.text(9))) is not due or done") }
        return problems
    }
}
