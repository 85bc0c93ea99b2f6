extension TodoRepository {
    /// Every list (empty ones too) and every task of this repository, into `target` as one
    /// write: the tasks with their ids, times, tags and repeat rules, as `todo export | todo
    /// import --keep-ids` carries them. The history stays behind; list ids are `target`'s own.
    /// Reads from this repository see one moment only if the caller makes them (a snapshot).
    public func copyEverything(into target: any TodoRepository) throws -> ImportSummary {
        try target.write {
            try forEachList { list in _ = try target.listCreatingIfNeeded(named: list.name) }
            return try target.importTasks(keepingIDs: true) { store in
                var line = 0
                try forEachTask(matching: .everything) { task in
                    line += 1
                    try store(ImportedTask(copying: task, line: line))
                }
            }
        }
    }
}

extension ImportedTask {
    /// A stored task as an import record that keeps all of it.
    init(copying task: TodoTask, line: Int) {
        self.init(line: line, id: task.id, uuid: task.uuid, listName: task.listName, title: task.title, notes: task.notes, due: task.due,
                  priority: task.priority, isDone: task.isDone, createdAt: task.createdAt, updatedAt: task.updatedAt,
                  completedAt: task.completedAt, tags: task.tags, repeatRule: task.repeatRule, repeatFrom: task.repeatFrom)
    }
}
