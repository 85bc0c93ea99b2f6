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
public struct ChangeSummary {
    /// A kind of effect on tasks, counted: how many, and the first id (said when it is the one).
    private struct Count {
        var count = 0
        var first: TodoTask.ID?
        var last: TodoTask.ID?

        /// A task counted again right after itself (several fields of one edit) counts once.
        mutating func add(_ id: TodoTask.ID) {
            guard id != last else { return }
            count += 1
            if first == nil { first = id }
            last = id
        }

        /// `verb task 7 rest` for one, `verb 3 tasks rest` for more; nothing for none.
        func say(_ verb: String, _ rest: String = "", into parts: inout [String]) {
            guard let first else { return }
            parts.append(verb + (count == 1 ? " task \(first)" : " \(count) tasks") + rest)
        }
    }

    /// The names of lists created on the way shown at most; more are counted.
    private static let namedLists = 10

    /// What happened to lists and imports, in order: one per command that does it.
    private var parts: [String] = []
    private var added = Count(), done = Count(), reopened = Count(), edited = Count(), deleted = Count()
    private var moved = Count()
    private var movedTo: String?
    private var imported = false
    private var created: [String] = []
    private var createdCount = 0

    public init() {}

    /// Counts one effect. Memory stays flat however many there are: a change may touch a
    /// hundred thousand tasks or make 400,000 lists.
    public mutating func note(_ effect: ChangeEffect) {
        func tasks(_ n: Int) -> String { n == 1 ? "1 task" : "\(n) tasks" }
        switch effect {
        case .imported(let n, let lists):
            imported = true
            parts.append("imported \(tasks(n))" + (lists > 0 ? " (\(lists) new list\(lists == 1 ? "" : "s"))" : ""))
        case .listRenamed(let old, let new): parts.append("renamed list '\(old)' to '\(new)'")
        case .listDeleted(let name, let n): parts.append("deleted list '\(name)'" + (n > 0 ? " and its \(tasks(n))" : ""))
        case .listCreated(let name):
            createdCount += 1
            if created.count < Self.namedLists { created.append(name) }
        case .taskAdded(let id): added.add(id)
        case .taskDone(let id, let isDone): if isDone { done.add(id) } else { reopened.add(id) }
        case .taskEdited(let id): edited.add(id)
        case .taskMoved(let id, let list):
            moved.add(id)
            if movedTo == nil { movedTo = list }
        case .taskDeleted(let id): deleted.add(id)
        }
    }

    /// The summary, in the order lists, added, done, open, edited, moved, deleted, created.
    public var text: String {
        // Plain appends: a short command (one task added) builds this on every run, and closures
        // or arrays of optionals would cost it a generic instantiation each.
        var parts = self.parts
        added.say("added", into: &parts)
        done.say("marked", " done", into: &parts)
        reopened.say("marked", " open", into: &parts)
        edited.say("edited", into: &parts)
        moved.say("moved", moved.count == 1 ? " to '\(movedTo ?? "")'" : "", into: &parts)
        deleted.say("deleted", into: &parts)
        // A list created on the way (by add or edit --list) is said after what went into it.
        if !imported, !created.isEmpty {
            let more = createdCount > created.count ? " and \(createdCount - created.count) more" : ""
            parts.append("created list" + (createdCount == 1 ? "" : "s") + " " + created.map { "'\($0)'" }.joined(by: ", ") + more)
        }
        return parts.isEmpty ? "changed nothing" : parts.joined(by: ", ")
    }

    /// The summary of `effects`, all at once.
    public static func describe(_ effects: [ChangeEffect]) -> String {
        var summary = ChangeSummary()
        effects.forEach { summary.note($0) }
        return summary.text
    }
}
