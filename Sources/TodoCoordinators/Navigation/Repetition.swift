import TodoCore

/// What completing a repeating task does, wherever it is completed (TodoList's done, EditTask's
/// save): one next task, in the same list and the same write, shown after the done one; or,
/// when the schedule has run past 9999-12-31, none, and that is said rather than passed over.
enum Repetition {
    static func addNext(after task: TodoTask, today: CivilDate, _ repository: any TodoRepository, _ display: any Display) throws {
        guard task.repeatRule != nil, task.due != nil else { return }
        guard let next = task.nextRepetition(doneOn: today) else { return try display.showRepetitionEnded(task) }
        try display.show(repository.addTask(next, to: task.listID), .repeated)
    }
}
