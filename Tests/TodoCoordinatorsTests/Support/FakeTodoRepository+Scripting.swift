import TodoCore

/// Search and import for the fake: plain and slow, enough for screens to be driven by them.
extension FakeTodoRepository {
    /// Every word must start a word of the title or notes, ignoring case; results in id order.
    func forEachTask(matching search: TaskSearch, _ body: (TodoTask) throws -> Void) throws {
        let words = search.searchableWords.map { $0.lowercased() }
        for task in state.tasks.values.sorted(by: { $0.id < $1.id }) {
            let text = (task.title + " " + (task.notes ?? "")).lowercased()
                .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            guard (search.list.map { task.listID == $0 } ?? true), search.includeDone || !task.isDone,
                  words.allSatisfy({ word in text.contains { $0.hasPrefix(word) } })
            else { continue }
            try body(task)
        }
    }

    func importTasks(keepingIDs: Bool, _ produce: ((ImportedTask) throws -> Void) throws -> Void) throws -> ImportSummary {
        try write {
            var summary = ImportSummary(imported: 0, listsCreated: 0)
            try produce { record in
                let list = try list(named: record.listName) ?? {
                    summary.listsCreated += 1
                    return try createList(named: record.listName)
                }()
                let added = try addTask(TaskDraft(title: record.title, notes: record.notes, due: record.due, priority: record.priority), to: list.id)
                if record.isDone { _ = try setDone(true, task: added.id, in: list.id) }
                summary.imported += 1
            }
            return summary
        }
    }
}
