import TodoCore

/// The fake's history: what a write changed is found by comparing the state before and after it,
/// and undo puts the rows back after the same checks the SQLite repository makes.
extension FakeTodoRepository {
    func record(_ command: String, since before: State) {
        var change = Change(entry: HistoryEntry(id: 0, at: "", command: command, summary: "", isUndone: false), lists: [:], tasks: [:])
        for id in Set(before.lists.keys).union(state.lists.keys) where !before.lists[id].hasSameScalars(as: state.lists[id]) {
            change.lists[id] = (before.lists[id], state.lists[id])
        }
        // A task's list name follows its list: a rename touches the list, not its tasks.
        for id in Set(before.tasks.keys).union(state.tasks.keys) where before.tasks[id].map(unnamed) != state.tasks[id].map(unnamed) {
            change.tasks[id] = (before.tasks[id], state.tasks[id])
        }
        defer { importedInThisWrite = nil }
        guard !change.lists.isEmpty || !change.tasks.isEmpty else { return }
        state.history.removeAll { $0.entry.isUndone }
        // The next id after the newest change kept: ids are one run with no gaps.
        change.entry = HistoryEntry(id: (state.history.last?.entry.id ?? 0) + 1, at: timestamp(), command: command,
                                    summary: ChangeSummary.describe(effects(of: change)), isUndone: false)
        state.history.append(change)
        state.history.removeFirst(max(0, state.history.count - historyLimit))
    }

    /// What a change did, in the terms a summary is made from: the same the SQLite repository notes.
    private func effects(of change: Change) -> [ChangeEffect] {
        if let summary = importedInThisWrite {
            return [.imported(tasks: summary.imported, lists: summary.listsCreated)]
        }
        var effects: [ChangeEffect] = []
        let deletedLists = Set(change.lists.filter { $0.value.after == nil }.keys)
        for (id, sides) in change.lists.sorted(by: { $0.key < $1.key }) {
            switch sides {
            case (nil, let name?): effects.append(.listCreated(name))
            case (let old?, nil): effects.append(.listDeleted(old, tasks: change.tasks.values.count { $0.before?.listID == id }))
            case (let old?, let new?): effects.append(.listRenamed(from: old, to: new))
            default: break
            }
        }
        for (id, sides) in change.tasks.sorted(by: { $0.key < $1.key }) {
            switch sides {
            case (nil, _?): effects.append(.taskAdded(id))
            case (let old?, nil) where !deletedLists.contains(old.listID): effects.append(.taskDeleted(id))
            case (let old?, let new?): effects += ChangeEffect.ofEdit(from: old, to: new)
            default: break
            }
        }
        return effects
    }

    public func undo() throws -> HistoryEntry {
        guard let index = state.history.lastIndex(where: { !$0.entry.isUndone }) else { throw TodoError.nothingToUndo }
        return try revert(at: index, undoing: true)
    }

    public func redo() throws -> HistoryEntry {
        guard let index = state.history.firstIndex(where: { $0.entry.isUndone }) else { throw TodoError.nothingToRedo }
        return try revert(at: index, undoing: false)
    }

    public func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        for change in state.history.reversed().prefix(limit) { try body(change.entry) }
    }

    private func revert(at index: Int, undoing: Bool) throws -> HistoryEntry {
        let change = state.history[index]
        func conflict(_ reason: String) -> TodoError {
            .historyConflict(change: change.entry.id, command: change.entry.command, undoing: undoing, reason: reason)
        }
        let tasks = change.tasks.map { (id: $0.key, now: undoing ? $0.value.after : $0.value.before, next: undoing ? $0.value.before : $0.value.after) }
        let lists = change.lists.map { (id: $0.key, now: undoing ? $0.value.after : $0.value.before, next: undoing ? $0.value.before : $0.value.after) }
        for step in tasks where state.tasks[step.id].map(unnamed) != step.now.map(unnamed) {
            throw conflict(step.now == nil ? "a task with id \(step.id) exists again" : "task \(step.id) was changed or deleted since")
        }
        for step in lists {
            guard state.lists[step.id] == step.now else { throw conflict("list \(step.id) was changed or deleted since") }
            // Tasks left in a list to delete: any but those this change takes out of it.
            let leaving = Set(tasks.filter { $0.now?.listID == step.id && $0.next?.listID != step.id }.map(\.id))
            if step.next == nil, state.tasks.values.contains(where: { $0.listID == step.id && !leaving.contains($0.id) }) {
                throw conflict("list '\(step.now ?? "")' has tasks added since")
            }
            if let name = step.next, let other = try list(named: name), other.id != step.id {
                throw conflict("a list named '\(other.name)' exists now")
            }
        }
        for step in lists { state.lists[step.id] = step.next }
        for step in tasks { state.tasks[step.id] = step.next }
        // A task carries its list's name: as the lists are now.
        for (id, task) in state.tasks where state.lists[task.listID].map({ $0 != task.listName }) ?? false {
            state.tasks[id] = task.with(listID: task.listID, listName: state.lists[task.listID] ?? "")
        }
        state.history[index].entry = HistoryEntry(id: change.entry.id, at: change.entry.at, command: change.entry.command,
                                                   summary: change.entry.summary, isUndone: undoing)
        return state.history[index].entry
    }

    private func unnamed(_ task: TodoTask) -> TodoTask {
        task.with(listID: task.listID, listName: "")
    }
}
