import TodoCore

/// What a screen of tasks does to one of them, wherever it lists them: TodoList (its own
/// list's), Tasks and Agenda (any list's, each in its own list).
enum TaskEvents {
    /// Marks task `id` of `list` done or open again. A task already as asked is left alone and
    /// said so, and only a task that becomes done now makes its next one (a second `done`, or
    /// another process's, finds it done already and makes none). The repository reads the task
    /// once, in the write, for all of it.
    static func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID, today: CivilDate,
                        _ repository: any TodoRepository, _ display: any Display) throws {
        let (task, changed) = try repository.setDone(done, task: id, in: list)
        guard changed else { return try display.show(task, done ? .alreadyDone : .alreadyOpen) }
        try display.show(task, done ? .completed : .reopened)
        if done { try Repetition.addNext(after: task, today: today, repository, display) }
    }
}
