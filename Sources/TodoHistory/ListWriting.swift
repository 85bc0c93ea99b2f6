import TodoCore
import TodoSQL

/// Writing a list, once for every backend, with its statements: which names are refused, what a
/// rename that changes nothing records, that a deleted list's tasks are recorded with it for
/// undo. Each runs inside the repository's write transaction.
extension SQLRepository {
    /// `createList`.
    package func applyCreateList(named name: String) throws -> TodoList {
        if let problem = TextLimits.listNameProblem(name) { throw TodoError.tooLong(problem) }
        let uuid = state.newUUID()
        let created = ListRow(name: name, createdAt: timestamp(), uuid: uuid.text)
        let id = try insertList(created)
        try recorder?.list(id, before: nil, after: created, .listCreated(name))
        return TodoList(id: id, uuid: uuid, name: name, openCount: 0, doneCount: 0)
    }

    /// `renameList`: a new spelling of the same name is a rename too (another case, another
    /// normalisation: whatever the database stores differently); the same name is none.
    package func applyRename(_ id: TodoList.ID, to name: String) throws -> TodoList {
        guard let before = try listRow(id) else { throw TodoError.listNotFound(String(id)) }
        if let problem = TextLimits.listNameProblem(name) { throw TodoError.tooLong(problem) }
        try writeName(name, ofList: id)
        guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
        if !before.name.hasSameScalars(as: name) {
            try recorder?.list(id, before: before, after: ListRow(name: name, createdAt: before.createdAt, uuid: before.uuid),
                               .listRenamed(from: before.name, to: name))
        }
        return list
    }

    /// `deleteList`: the list as it was.
    package func applyDeleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
        let taskCount = list.taskCount
        guard force || taskCount == 0 else { throw TodoError.listNotEmpty(list.name, taskCount: taskCount) }
        // Recording and deleting its tasks is work of their number: past an import's worth, as
        // long as the rows take (history kept or not).
        if taskCount >= HistoryStore.longWork { try session.expectLongWork() }
        if let recorder {
            // Its tasks go with it: each is recorded, for undo, however many there are.
            if taskCount > 0 { try recorder.tasksDeleted(withList: id) }
            try recorder.list(id, before: listRow(id), after: nil, .listDeleted(list.name, tasks: taskCount))
        }
        try deleteListRow(id)
        return list
    }
}

/// The statements underneath.
extension SQLRepository {
    /// The list's row as the history keeps it.
    package func listRow(_ id: Int64) throws -> ListRow? {
        try session.first("SELECT name, created_at, uuid FROM lists WHERE id = $1", [.integer(id)]) {
            $0.isNull(0) ? nil : ListRow(name: try $0.text(0), createdAt: try $0.text(1), uuid: try $0.optionalText(2) ?? "")
        } ?? nil
    }

    /// Stores a new list and returns its id; `TodoError.listExists` when the name is taken,
    /// whatever its case.
    func insertList(_ row: ListRow) throws -> TodoList.ID {
        try refusingTakenName(row.name, for: nil) {
            try session.insert("INSERT INTO lists (name, created_at, uuid) VALUES ($1, $2, $3)", [.text(row.name), .text(row.createdAt), .text(row.uuid)])
        }
    }

    /// `TodoError.listExists` when another list has the name, whatever its case.
    func writeName(_ name: String, ofList id: TodoList.ID) throws {
        _ = try refusingTakenName(name, for: id) {
            try session.run("UPDATE lists SET name = $1 WHERE id = $2", [.text(name), .integer(id)])
        }
    }

    /// Runs `write` unless another list than `id` has `name`: where a refused statement ends the
    /// transaction, the name is looked up first; elsewhere the unique index's refusal says so.
    private func refusingTakenName<T>(_ name: String, for id: TodoList.ID?, _ write: () throws -> T) throws -> T {
        if session.dialect.failureEndsTransaction, let other = try list(named: name), other.id != id { throw TodoError.listExists(name) }
        do {
            return try write()
        } catch where session.violated(by: error) == .unique {
            throw TodoError.listExists(name)
        }
    }

    /// Deletes the list and, with it, its tasks (ON DELETE CASCADE, one statement, where
    /// statements have no limit of rows). Where a statement should write no more than so many
    /// rows (`rowsPerStatement`), its tasks go first, a slice at a time, and in bulk when they
    /// outnumber the rest (`writingInBulk`): on a SQLite file the cascade would run the search
    /// and count triggers for each and gather every rowid in memory first (39 MiB and 9 s for a
    /// million).
    func deleteListRow(_ id: TodoList.ID) throws {
        if let slice = session.dialect.rowsPerStatement,
           let tasks = try session.first("SELECT open_count + done_count FROM lists WHERE id = $1", [.integer(id)], { try $0.int(0) }),
           tasks > 0 {
            // A list of a slice or less goes in one statement, through the list's index; a larger
            // one walks the table in id order (`inIDOrder`: no sort of the list's index).
            try session.writingInBulk(tasks, .deleting) {
                try session.forEachSlice(of: tasks > slice ? slice : nil, key: "id", in: session.dialect.inIDOrder("tasks"),
                                         where: "list_id = $1", [.integer(id)]) { low, high in
                    try session.run("DELETE FROM tasks WHERE list_id = $1 AND id >= $2 AND id <= $3", [.integer(id), .integer(low), .integer(high)])
                }
            }
        }
        try session.run("DELETE FROM lists WHERE id = $1", [.integer(id)])
    }
}
