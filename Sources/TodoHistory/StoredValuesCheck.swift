import TodoCore
import TodoSQL

/// What `todo db check` finds in the stored values, once for every backend: the values todo
/// reads by its own rules rather than a CHECK (a task's fields by `StoredTask`'s, times, list
/// names, tags, the text todo keeps), the history's records undo would refuse
/// (`RecordDamage`), and the lists' kept counts against their tasks. A SQLite file can hold
/// anything (`PRAGMA ignore_check_constraints`); a server whose checks were dropped by hand too.
/// Each kind lists its first `listed` findings, then how many more.
package struct StoredValuesCheck {
    package static let listed = 20
    let session: any SQLSession

    package init(session: any SQLSession) {
        self.session = session
    }

    /// Each list's open and done tasks, counted: what its kept counts must say (a server's
    /// repair sets them from it).
    package static let countedTasks = """
        SELECT l.id, count(t.id) FILTER (WHERE NOT t.done) AS open, count(t.id) FILTER (WHERE t.done) AS done
        FROM lists AS l LEFT JOIN tasks AS t ON t.list_id = l.id GROUP BY l.id
        """

    package func values() throws -> [String] {
        var findings: [String] = []
        var more = 0
        func report(_ finding: String) {
            if findings.count < Self.listed { findings.append(finding) } else { more += 1 }
        }
        let dialect = session.dialect
        try session.forEachRow("""
            SELECT id, title, priority, \(dialect.asText("done", isBool: true)), due, created_at, updated_at, completed_at, repeat, repeat_from, uuid, notes
            FROM tasks ORDER BY id
            """, []) { row in
            for problem in try StoredTask.problems(row) { report("task \(try row.int64(0)): \(problem)") }
        }
        // Text longer than todo keeps (TextLimits): its export would not import.
        try session.forEachRow("""
            SELECT id, size FROM (
                SELECT t.id, \(dialect.byteLength("t.title")) + coalesce(\(dialect.byteLength("t.notes")), 0)
                    + coalesce((SELECT sum(\(dialect.byteLength("g.tag")) + 1) FROM task_tags AS g WHERE g.task_id = t.id), 0) AS size
                FROM tasks AS t) AS s WHERE size > $1 ORDER BY id
            """, [SQLValue(TextLimits.task)]) { row in
            report("task \(try row.int64(0)): its title, notes and tags have \(try row.int64(1)) bytes, more than the \(TextLimits.task) todo keeps")
        }
        try session.forEachRow("SELECT id, name, created_at, uuid FROM lists ORDER BY id", []) { row in
            let owner = "list \(try row.int64(0))", name = try row.text(1)
            if !row.isUTF8(1) { report("\(owner): its name \(MessageText.quoted(name)) is not UTF-8 text (no name typed can reach it)") }
            for problem in StoredTask.listProblems(name: name, createdAt: try row.optionalText(2)) { report("\(owner): \(problem)") }
            if let problem = StoredTask.uuidProblem(try row.optionalText(3)) { report("\(owner): \(problem)") }
        }
        // Each table's index keeps its uuids apart; only this finds one a task and a list share.
        try session.forEachRow("SELECT t.id, l.id FROM tasks AS t JOIN lists AS l ON l.uuid = t.uuid ORDER BY t.id", []) { row in
            report("task \(try row.int64(0)): its uuid is list \(try row.int64(1))'s too (written by hand: one thing, one uuid)")
        }
        try session.forEachRow("SELECT task_id, tag FROM task_tags ORDER BY task_id", []) { row in
            let tag = try row.text(1)
            if !row.isUTF8(1) { report("task \(try row.int64(0)): tag \(MessageText.quoted(tag)) is not UTF-8 text (todo will not write the task)") }
            if Tags.valid(tag) == nil { report("task \(try row.int64(0)): tag \(MessageText.quoted(tag)) is not one word") }
        }
        if more > 0 { findings.append("values: and \(more) more like these") }
        return findings
    }

    /// Records of changes that undo or redo would refuse as damaged (edited by hand): an imported
    /// range that cannot be an import's, a side of a row half there, a value no list or task may
    /// hold. The rules are undo's own (`RecordDamage`), for both sides: either may be put back.
    package func history() throws -> [String] {
        var found = HistoryDamageFindings()
        try session.forEachRow("""
            SELECT id, imported_after, imported_through, imported_count, imported_fingerprint FROM history
            WHERE imported_after IS NOT NULL OR imported_through IS NOT NULL OR imported_count IS NOT NULL OR imported_fingerprint IS NOT NULL
            ORDER BY id
            """, []) { row in
            func value(_ column: Int) throws -> Int64? { row.isNull(column) ? nil : try row.int64(column) }
            found.range(of: try row.int64(0), after: try value(1), through: try value(2), count: try value(3).map(Int.init),
                        fingerprint: try value(4))
        }
        try HistoryStore.forEachRecordedRow(in: session, of: nil) { found.row(of: $0, $1) }
        return found.all
    }

    /// Lists whose kept counts differ from their tasks: the counting triggers were bypassed (an
    /// `INSERT OR REPLACE` by hand, triggers dropped or disabled, `session_replication_role =
    /// replica`) while tasks changed. The first few, then how many more: counts damaged on
    /// 200,000 lists are not 200,000 lines.
    package func counts() throws -> [String] {
        var findings: [String] = []
        var more = 0
        // Grouped by the list's id in id order: a walk of the lists (and, on a file, of each
        // one's tasks by its index), nothing gathered or sorted however many lists differ.
        let open = "count(t.id) FILTER (WHERE NOT t.done)", done = "count(t.id) FILTER (WHERE t.done)"
        try session.forEachRow("""
            SELECT l.name, l.open_count, l.done_count, \(open), \(done) FROM lists AS l LEFT JOIN tasks AS t ON t.list_id = l.id
            GROUP BY l.id HAVING l.open_count <> \(open) OR l.done_count <> \(done) ORDER BY l.id
            """, []) { row in
            guard findings.count < Self.listed else { return more += 1 }
            findings.append("counts: list '\(try row.text(0))' records \(try row.int(1)) open and \(try row.int(2)) done tasks but has \(try row.int(3)) and \(try row.int(4)) (todo db check --repair recounts)")
        }
        return findings + (more > 0 ? ["counts: and \(more) more lists like these"] : [])
    }
}

extension StoredTask {
    /// What in a row of `SELECT id, title, priority, done (as text), due, created_at, updated_at,
    /// completed_at, repeat, repeat_from, uuid` todo cannot read; empty when all is well.
    package static func problems(_ row: any SQLRow) throws -> [String] {
        var problems: [String] = []
        let title = try row.optionalText(1) ?? "", priority = try row.optionalText(2) ?? "", done = try row.optionalText(3)
        if title.isEmpty { problems.append("its title is empty") }
        if Priority(rawValue: priority) == nil { problems.append("priority \(quoted(priority)) is not none, low, medium or high") }
        if done != "0" && done != "1" { problems.append("done is \(quoted(done ?? "")), not 0 or 1") }
        if let due = try row.optionalText(4), Due(text: due) == nil { problems.append("due \(quoted(due)) is not YYYY-MM-DD or YYYY-MM-DDTHH:MM") }
        for (column, name) in [(5, "created_at"), (6, "updated_at")] {
            if let problem = timeProblem(try row.optionalText(column), name) { problems.append(problem) }
        }
        if let completed = try row.optionalText(7), let problem = timeProblem(completed, "completed_at") { problems.append(problem) }
        if (done == "1") != !row.isNull(7) { problems.append("done and completed_at disagree") }
        if let text = try row.optionalText(8) {
            if RepeatRule(stored: text) == nil { problems.append("repeat \(quoted(text)) is not Nd, Nw, Nm or Ny (N from 1 to 1200; a month or year rule may end @29, @30 or @31)") }
            if row.isNull(4) { problems.append("it repeats but has no due date") }
        }
        let from = try row.optionalText(9) ?? ""
        if RepeatFrom(rawValue: from) == nil { problems.append("repeat_from \(quoted(from)) is not due or done") }
        if let problem = uuidProblem(try row.optionalText(10)) { problems.append(problem) }
        for (column, field) in [(1, "its title is"), (11, "its notes are")] where !row.isUTF8(column) {
            problems.append("\(field) not UTF-8 text (todo shows U+FFFD for its bytes, and will not write the task)")
        }
        return problems
    }

    /// What in a list's name and creation time todo cannot read; empty when all is well.
    package static func listProblems(name: String, createdAt: String?) -> [String] {
        var problems: [String] = []
        if !Names.isTrimmedName(name) { problems.append("its name \(MessageText.quoted(name)) is empty or has spaces around it") }
        if let problem = TextLimits.listNameProblem(name) { problems.append(problem) }
        if let problem = timeProblem(createdAt, "created_at") { problems.append(problem) }
        return problems
    }

    /// A uuid is kept in its canonical text, lowercase, as `TodoUUID` writes it.
    static func uuidProblem(_ text: String?) -> String? {
        guard let text else { return "uuid is missing" }
        return TodoUUID(stored: text) != nil ? nil : "uuid \(quoted(text)) is not a uuid todo keeps (lowercase, 8-4-4-4-12 hex digits, not the nil or max uuid)"
    }

    /// A stored time todo cannot read: missing, or not a time.
    static func timeProblem(_ text: String?, _ name: String) -> String? {
        guard let text else { return "\(name) is missing" }
        return Timestamp.normalized(text) == nil ? "\(name) \(quoted(text)) is not a time" : nil
    }
}
