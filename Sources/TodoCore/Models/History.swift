/// One change in the history: a whole command, as it was typed, and what it did.
public struct HistoryEntry: Equatable, Sendable {
    public typealias ID = Int64

    public let id: ID
    /// When it was made (ISO-8601 UTC).
    public let at: String
    /// The command line, without the program's name and its global options: `done 1 2 3`.
    public let command: String
    /// What it did, in words: `marked 3 tasks done`.
    public let summary: String
    /// Undone, and not redone since.
    public let isUndone: Bool

    public init(id: ID, at: String, command: String, summary: String, isUndone: Bool) {
        self.id = id
        self.at = at
        self.command = command
        self.summary = summary
        self.isUndone = isUndone
    }
}

/// What one step of a change did, in the domain's terms: what a history summary is made from.
public enum ChangeEffect: Equatable, Sendable {
    case listCreated(String)
    case listRenamed(from: String, to: String)
    case listDeleted(String, tasks: Int)
    case taskAdded(TodoTask.ID)
    case taskEdited(TodoTask.ID)
    case taskMoved(TodoTask.ID, to: String)
    case taskDone(TodoTask.ID, Bool)
    case taskDeleted(TodoTask.ID)
    case imported(tasks: Int, lists: Int)

    /// What an edit of a task did, for its history entry: moved it to `new`'s list, marked it
    /// done or open, changed its other fields; each backend records the same.
    public static func ofEdit(from old: TodoTask, to new: TodoTask) -> [ChangeEffect] {
        var effects: [ChangeEffect] = []
        if new.listID != old.listID { effects.append(.taskMoved(new.id, to: new.listName)) }
        if new.isDone != old.isDone { effects.append(.taskDone(new.id, new.isDone)) }
        if !new.sameFieldsBesidesDone(as: old) { effects.append(.taskEdited(new.id)) }
        return effects
    }
}

/// The words a history entry says for what a change did.
public enum ChangeSummary {
    public static func describe(_ effects: [ChangeEffect]) -> String {
        var parts: [String] = []
        func tasks(_ n: Int) -> String { n == 1 ? "1 task" : "\(n) tasks" }
        func ids(_ pick: (ChangeEffect) -> TodoTask.ID?) -> [TodoTask.ID] { effects.compactMap(pick) }

        for effect in effects {
            switch effect {
            case .imported(let n, let lists): parts.append("imported \(tasks(n))" + (lists > 0 ? " (\(lists) new list\(lists == 1 ? "" : "s"))" : ""))
            case .listRenamed(let old, let new): parts.append("renamed list '\(old)' to '\(new)'")
            case .listDeleted(let name, let n): parts.append("deleted list '\(name)'" + (n > 0 ? " and its \(tasks(n))" : ""))
            default: break
            }
        }
        let added = ids { if case .taskAdded(let id) = $0 { id } else { nil } }
        if added.count == 1 { parts.append("added task \(added[0])") } else if !added.isEmpty { parts.append("added \(tasks(added.count))") }
        for done in [true, false] {
            let marked = ids { if case .taskDone(let id, done) = $0 { id } else { nil } }
            let word = done ? "done" : "open"
            if marked.count == 1 { parts.append("marked task \(marked[0]) \(word)") } else if !marked.isEmpty { parts.append("marked \(tasks(marked.count)) \(word)") }
        }
        let edited = Set(ids { if case .taskEdited(let id) = $0 { id } else { nil } })
        if edited.count == 1, let id = edited.first { parts.append("edited task \(id)") } else if !edited.isEmpty { parts.append("edited \(tasks(edited.count))") }
        let moved = effects.compactMap { if case .taskMoved(let id, let list) = $0 { (id, list) } else { nil } }
        if moved.count == 1 { parts.append("moved task \(moved[0].0) to '\(moved[0].1)'") } else if !moved.isEmpty { parts.append("moved \(tasks(moved.count))") }
        let deleted = ids { if case .taskDeleted(let id) = $0 { id } else { nil } }
        if deleted.count == 1 { parts.append("deleted task \(deleted[0])") } else if !deleted.isEmpty { parts.append("deleted \(tasks(deleted.count))") }
        // A list created on the way (by add or edit --list) is said after what went into it.
        let imported = effects.contains { if case .imported = $0 { true } else { false } }
        let created = imported ? [] : effects.compactMap { if case .listCreated(let name) = $0 { name } else { nil } }
        if !created.isEmpty { parts.append("created list" + (created.count == 1 ? "" : "s") + " " + created.map { "'\($0)'" }.joined(by: ", ")) }
        return parts.isEmpty ? "changed nothing" : parts.joined(by: ", ")
    }
}
