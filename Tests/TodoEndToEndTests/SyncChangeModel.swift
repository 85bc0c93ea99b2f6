#if PostgreSQL
import Foundation
import TodoTestSupport

/// The model the convergence test checks the end against (issue 30: every change is on the hub
/// or listed as a conflict). It is read from the databases, not predicted: before and after each
/// command (and each psql statement on the hub), the tasks as that side holds them. What a
/// command changed is a value it wrote; what it held before changing or deleting it is a value
/// it saw. At the end, a value written that nobody saw and overwrote must be the hub's, or be in
/// a conflict: anything else was lost without a word. Tags count one by one (they merge tag by
/// tag), each as present in a spelling or absent.
struct SyncChangeModel {
    /// A task's fields as compared: `title`, `notes`, `due`, `priority`, `done`, `repeat` and
    /// `tag:NAME`. (Not its list: two lists made offline in one name become one, under another
    /// uuid, which is no loss; the rule tests check moves.)
    typealias Task = [String: String]
    struct Write { let who: String, step: Int, uuid: String, field: String, value: String }

    /// What each step ran, by step: for the story of a lost value.
    var commands: [Int: String] = [:]

    private(set) var written: [Write] = []
    private var seen: Set<[String]> = []
    /// The tags each deleted task had where it was deleted: one without a tag saw that tag absent.
    private var deletedWithTags: [String: [Set<String>]] = [:]

    /// What syncs brought into each file: not changes of their own, but part of a lost value's story.
    private var received: [Write] = []

    /// Notes what a sync brought into `who`'s file.
    mutating func receive(_ who: String, step: Int, before: [String: Task], after: [String: Task]) {
        var model = SyncChangeModel()
        model.record(who, step: step, before: before, after: after)
        received += model.written
        for (uuid, _) in before where after[uuid] == nil { received.append(Write(who: who, step: step, uuid: uuid, field: "deleted", value: "")) }
    }

    /// Notes what one command changed, from the tasks before and after it (`who` made it).
    mutating func record(_ who: String, step: Int, before: [String: Task], after: [String: Task]) {
        for (uuid, old) in before {
            guard let new = after[uuid] else {
                for (field, value) in old { seen.insert([uuid, field, value]) }
                deletedWithTags[uuid, default: []].append(Set(old.keys.filter { $0.hasPrefix("tag:") }))
                continue
            }
            for field in Set(old.keys).union(new.keys) where old[field] != new[field] {
                seen.insert([uuid, field, old[field] ?? Self.absent])
                written.append(Write(who: who, step: step, uuid: uuid, field: field, value: new[field] ?? Self.absent))
            }
        }
        for (uuid, new) in after where before[uuid] == nil {
            for (field, value) in new { written.append(Write(who: who, step: step, uuid: uuid, field: field, value: value)) }
        }
    }

    /// Every value written that is neither seen and overwritten, nor the hub's, nor in one of the
    /// `conflicts` (uuid, field, kept, yours; a tag's in a conflict of `tags`).
    func lost(hub: [String: Task], conflicts: [[String]]) -> [Write] {
        written.filter { write in
            if seen.contains([write.uuid, write.field, write.value]) { return false }
            if write.value == Self.absent, deletedWithTags[write.uuid]?.contains(where: { !$0.contains(write.field) }) == true { return false }
            if let task = hub[write.uuid], (task[write.field] ?? Self.absent) == write.value { return false }
            return !conflicts.contains { conflict in
                conflict[0] == write.uuid
                    && (conflict[1] == write.field && conflict[2...].contains(write.value) || conflict[1] == "tags" && write.field.hasPrefix("tag:"))
            }
        }
    }

    static let absent = "(absent)"

    /// What happened to the field `write` wrote, step by step: the first thing to read when one is lost.
    func story(of write: Write) -> String {
        let steps = (written + received).filter { $0.uuid == write.uuid && ($0.field == write.field || $0.field == "deleted") }
            .sorted { $0.step < $1.step }
            .map { "step \($0.step) \($0.who) (\(commands[$0.step] ?? "?")): \($0.field == "deleted" ? "deleted" : $0.value)" }
        return "\(write.field) of \(write.uuid), lost at step \(write.step) (\(steps.joined(separator: "; ")))"
    }

    /// The tasks of a file, by uuid.
    static func tasks(ofFile path: String) throws -> [String: Task] {
        try tasks(from: sqliteValue(path, query(tags: "(SELECT group_concat(tag, ' ') FROM task_tags WHERE task_id = t.id)", separator: "char(31)", null: "char(30)")))
    }

    /// The tasks of the hub, by uuid.
    static func tasks(ofHub url: String) throws -> [String: Task] {
        try tasks(from: PostgresTestServer.psql(url, query(tags: "(SELECT string_agg(tag, ' ') FROM task_tags WHERE task_id = t.id)", separator: "chr(31)", null: "chr(30)")))
    }

    /// The conflicts a file keeps: uuid, field, kept, yours.
    static func conflicts(ofFile path: String) throws -> [[String]] {
        let rows = try sqliteValue(path, "SELECT uuid || char(31) || field || char(31) || coalesce(kept, char(30)) || char(31) || coalesce(yours, char(30)) FROM sync_conflicts")
        return rows.split(separator: "\n").map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }
    }

    private static func query(tags: String, separator: String, null: String) -> String {
        let fields = ["coalesce(\(tags), '')", "t.title", "coalesce(t.notes, \(null))", "coalesce(t.due, \(null))", "t.priority",
                      "CASE WHEN t.done THEN 'done' ELSE 'open' END",
                      "coalesce(t.repeat, \(null))"]
        return "SELECT t.uuid || \(fields.map { "\(separator) || \($0)" }.joined(separator: " || ")) FROM tasks AS t WHERE t.uuid IS NOT NULL"
    }

    private static func tasks(from rows: String) -> [String: Task] {
        var tasks: [String: Task] = [:]
        for row in rows.split(separator: "\n") {
            let values = row.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard values.count == 8 else { continue }
            var task: Task = ["title": values[2], "notes": values[3], "due": values[4], "priority": values[5], "done": values[6],
                              "repeat": values[7]]
            for tag in values[1].split(separator: " ") { task["tag:" + tag.lowercased()] = String(tag) }
            tasks[values[0]] = task
        }
        return tasks
    }
}
#endif
