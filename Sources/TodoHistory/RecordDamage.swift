import TodoCore

/// A list or task a change recorded, as stored: each field of each side as text (NULL as nil),
/// in the order of `ListRow.fields` or `TaskRow.fields` (numbers in decimal, `done` as 0 or 1).
public struct RecordedRow: Sendable {
    public enum Kind: Sendable { case list, task }

    public let kind: Kind
    public let id: Int64
    public let before: [String?]
    public let after: [String?]

    public init(kind: Kind, id: Int64, before: [String?], after: [String?]) {
        self.kind = kind
        self.id = id
        self.before = before
        self.after = after
    }

    func side(_ side: Side) -> [String?] { side == .before ? before : after }
}

/// The rules a recorded row must follow for a revert to use it, the same as the rules todo reads
/// a stored list or task by. A history row edited by hand (`sqlite3`, `psql`) can break them:
/// a side half there (`before_title` set to NULL would make undo delete an edited task), a value
/// no task may hold (`before_created_at` set to `garbage` would be written into `tasks`). Undo
/// and redo refuse such a change, naming it, and change nothing; `todo db check` reports it.
public enum RecordDamage {
    /// What is wrong with `row` for a revert that writes `sides` (undo the before side, redo the
    /// after side, `db check` both); nil when nothing is.
    public static func find(in row: RecordedRow, writing sides: [Side]) -> String? {
        let what = row.kind == .list ? "list \(row.id)" : "task \(row.id)"
        let fields = row.kind == .list ? ListRow.fields : TaskRow.fields
        let required = row.kind == .list ? ListRow.fields : TaskRow.requiredFields
        var present = 0
        for side in [Side.before, .after] {
            let values = row.side(side)
            guard values.count == fields.count else { return "\(what): its \(side.rawValue) side has \(values.count) fields" }
            if values.allSatisfy({ $0 == nil }) { continue }
            present += 1
            if let missing = zip(fields, values).first(where: { required.contains($0.0) && $0.1 == nil }) {
                return "\(what): its \(side.rawValue) side has no \(missing.0) (\(side.rawValue)_\(missing.0) is NULL)"
            }
            guard sides.contains(side) else { continue }
            let problems = row.kind == .list ? ListRow.problems(values) : TaskRow.problems(values)
            if let problem = problems.first { return "\(what): \(side.rawValue)_\(problem)" }
        }
        return present == 0 ? "\(what): neither side is recorded" : nil
    }
}

extension ListRow {
    /// The fields history_lists pairs (before_, after_ of each).
    public static let fields = ["name", "created_at", "uuid"]

    /// What in `values` (`fields`, all there) todo cannot read; empty when all is well.
    public static func problems(_ values: [String?]) -> [String] {
        var problems: [String] = []
        let name = values[0] ?? ""
        if !Names.isTrimmedName(name) { problems.append("name \(quoted(name)) is empty or has spaces around it") }
        if let time = values[1], Timestamp.normalized(time) == nil { problems.append("created_at \(quoted(time)) is not a time") }
        if let problem = StoredTask.uuidProblem(values[2]) { problems.append(problem) }
        return problems
    }
}

extension TaskRow {
    /// The fields every task has (the rest may be NULL; `tags` and `repeat_from` also in rows
    /// recorded before tasks had them).
    public static let requiredFields = ["list_id", "title", "priority", "done", "created_at", "updated_at", "uuid"]

    /// What in `values` (`fields`, in order) todo cannot read, each naming its field first;
    /// empty when all is well. The rules `todo db check` reads stored tasks by.
    public static func problems(_ values: [String?]) -> [String] {
        var problems: [String] = []
        func value(_ field: String) -> String? { fields.firstIndex(of: field).flatMap { values[$0] } }
        if let list = value("list_id"), Int64(list) == nil { problems.append("list_id \(quoted(list)) is not an id") }
        if let priority = value("priority"), Priority(rawValue: priority) == nil {
            problems.append("priority \(quoted(priority)) is not none, low, medium or high")
        }
        let done = value("done")
        if done != "0" && done != "1" { problems.append("done is \(quoted(done ?? "NULL")), not 0 or 1") }
        if let due = value("due"), Due(text: due) == nil { problems.append("due \(quoted(due)) is not YYYY-MM-DD or YYYY-MM-DDTHH:MM") }
        for field in ["created_at", "updated_at", "completed_at"] {
            guard let time = value(field) else {
                if field != "completed_at" { problems.append("\(field) is missing") }
                continue
            }
            if Timestamp.normalized(time) == nil { problems.append("\(field) \(quoted(time)) is not a time") }
        }
        if (done == "1") != (value("completed_at") != nil) { problems.append("done and completed_at disagree") }
        if let rule = value("repeat") {
            if RepeatRule(stored: rule) == nil {
                problems.append("repeat \(quoted(rule)) is not Nd, Nw, Nm or Ny (N from 1 to 1200; a month or year rule may end @29, @30 or @31)")
            }
            if value("due") == nil { problems.append("repeat is set but due is not: it repeats with no due date") }
        }
        if let from = value("repeat_from"), RepeatFrom(rawValue: from) == nil { problems.append("repeat_from \(quoted(from)) is not due or done") }
        if let problem = StoredTask.uuidProblem(value("uuid")) { problems.append(problem) }
        if let tags = value("tags"), !tags.isEmpty {
            let words = tags.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { String(Substring($0)) }
            for tag in words where Tags.valid(tag) == nil {
                problems.append("tags \(quoted(tags)) are not words separated by single spaces")
                break
            }
        }
        return problems
    }
}

private func quoted(_ text: String) -> String { MessageText.quoted(text) }


/// `todo db check`'s findings about the history, the same on every backend: each change whose
/// record undo or redo would refuse as damaged. The store reads its rows and passes them in.
public struct HistoryDamageFindings {
    public static let listed = 20
    public private(set) var findings: [String] = []
    private var more = 0

    public init() {}

    /// A change's imported range as stored (any part may be NULL when edited by hand).
    public mutating func range(of change: Int64, after: Int64?, through: Int64?, count: Int?, fingerprint: Int64?) {
        guard let after else { return report(change, "its imported range is incomplete (a part of it is NULL)") }
        if let damage = ImportedRange(after: after, through: through, count: count, fingerprint: fingerprint).damage { report(change, damage) }
    }

    /// A list or task a change recorded: either side may be put back, so both are read.
    public mutating func row(of change: Int64, _ row: RecordedRow) {
        if let damage = RecordDamage.find(in: row, writing: [.before, .after]) { report(change, damage) }
    }

    /// The findings, the count of those past the first few last.
    public var all: [String] { findings + (more > 0 ? ["history: and \(more) more like these"] : []) }

    private mutating func report(_ change: Int64, _ damage: String) {
        guard findings.count < Self.listed else { return more += 1 }
        findings.append("history: change \(change) is damaged, so todo undo and redo refuse it: \(damage)")
    }
}
