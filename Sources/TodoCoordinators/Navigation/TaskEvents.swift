import TodoCore

/// What a screen of tasks does to one of them, wherever it lists them: TodoList (its own
/// list's), Tasks and Agenda (any list's, each in its own list).
enum TaskEvents {
    /// Marks `before` (the task as read in this command's write) done or open again. A task
    /// already as asked is left alone and said so, and only a task that becomes done now makes
    /// its next one (a second `done`, or another process's, finds it done already and makes none).
    static func setDone(_ done: Bool, _ before: TodoTask, today: CivilDate, _ repository: any TodoRepository,
                        _ display: any Display) throws {
        guard before.isDone != done else { return try display.show(before, done ? .alreadyDone : .alreadyOpen) }
        let task = try repository.setDone(done, task: before.id, in: before.listID)
        try display.show(task, done ? .completed : .reopened)
        if done { try Repetition.addNext(after: task, today: today, repository, display) }
    }
}
