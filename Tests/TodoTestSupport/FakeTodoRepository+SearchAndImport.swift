import Foundation
import TodoCore

/// Search and import for the fake: plain and slow, by the same rules as the SQLite repository.
extension FakeTodoRepository {
    /// Every word must start a word of the title or notes, ignoring case and accents; a word
    /// found in the title counts twice one found in the notes, best first, then by id.
    public func forEachTask(matching search: TaskSearch, _ body: (TodoTask) throws -> Void) throws {
        let words = search.searchableWords.flatMap(Self.tokens)
        guard !words.isEmpty else { return }
        var found: [(task: TodoTask, score: Int)] = []
        for task in state.tasks.values {
            guard search.list.map({ task.listID == $0 }) ?? true, search.includeDone || !task.isDone else { continue }
            let title = Self.tokens(task.title), notes = Self.tokens(task.notes ?? "")
            func matches(_ text: [String]) -> Int { words.count { word in text.contains { $0.hasPrefix(word) } } }
            guard words.allSatisfy({ word in (title + notes).contains { $0.hasPrefix(word) } }) else { continue }
            found.append((task, 2 * matches(title) + matches(notes)))
        }
        for (task, _) in found.sorted(by: { ($1.score, $0.task.id) < ($0.score, $1.task.id) }).dropFirst(search.offset).prefix(search.limit ?? Int.max) { try body(task) }
    }

    /// Text as the search index reads it: runs of letters and digits, folded to lower case
    /// without accents.
    private static func tokens(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    public func importTasks(keepingIDs: Bool, _ produce: ((ImportedTask) throws -> Void) throws -> Void) throws -> ImportSummary {
        try write {
            var summary = ImportSummary(imported: 0, listsCreated: 0)
            let highestAssigned = state.nextTaskID - 1
            var seen: Set<TodoTask.ID> = []
            try produce { record in
                if let problem = record.problem { throw TodoError.invalidRecord(line: record.line, reason: problem) }
                var id = state.nextTaskID
                if keepingIDs {
                    guard let wanted = record.id else {
                        throw TodoError.invalidRecord(line: record.line, reason: "--keep-ids needs an id in every record")
                    }
                    guard wanted > highestAssigned else { throw TodoError.idAlreadyAssigned(wanted, line: record.line) }
                    guard seen.insert(wanted).inserted else {
                        throw TodoError.invalidRecord(line: record.line, reason: "task id \(wanted) appears more than once")
                    }
                    id = wanted
                }
                let list = try list(named: record.listName) ?? {
                    summary.listsCreated += 1
                    return try createList(named: record.listName)
                }()
                let now = timestamp()
                let created = record.createdAt ?? now
                state.tasks[id] = TodoTask(
                    id: id, listID: list.id, listName: list.name, title: record.title, notes: record.notes,
                    due: record.due, priority: record.priority, isDone: record.isDone, createdAt: created,
                    updatedAt: record.updatedAt ?? created,
                    completedAt: record.isDone ? (record.completedAt ?? record.updatedAt ?? created) : nil,
                    tags: spelled(record.tags), repeatRule: record.repeatRule, repeatFrom: record.repeatFrom)
                state.nextTaskID = max(state.nextTaskID, id + 1)
                summary.imported += 1
            }
            importedInThisWrite = summary
            return summary
        }
    }
}
