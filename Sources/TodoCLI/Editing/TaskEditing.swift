import TodoCore
import TodoCoordinators
import TodoTerminal

/// `todo edit ID` on a terminal: the task's form (`TaskForm`) in the person's editor, read back
/// into the changes it makes. A value that cannot be read opens the editor again with the reason
/// as a comment at the top, as `git commit` and `crontab -e` do; leaving it as it was, or
/// emptying it, changes nothing.
public enum TaskEditing {
    public enum Outcome: Equatable {
        /// Nothing to change, and why.
        case unchanged(String)
        case changed(TaskChanges)
    }

    /// Edits `task` in `file` with `runEditor` (which throws when the editor fails) until the
    /// text reads, or is left as offered. Dates are read against `today`.
    public static func edit(_ task: TodoTask, today: CivilDate, in file: ScratchText, runEditor: (String) throws -> Void) throws -> Outcome {
        var offered = TaskForm.text(of: task)
        try file.write(offered)
        while true {
            try runEditor(file.path)
            let saved = try file.read()
            if saved.hasSameScalars(as: offered) { return .unchanged("the file was left as it was") }
            if TaskForm.isEmpty(saved) { return .unchanged("the file was emptied") }
            do {
                let changes = try TaskForm.changes(from: saved, to: task, today: today)
                return changes.isEmpty ? .unchanged("the text says what the task is already") : .changed(changes)
            } catch {
                // The saved text again, under this error instead of the last one.
                let kept = saved.splitAtEveryLineFeed().drop { $0.hasPrefix("# Error: ") }
                offered = "# Error: \(error.reason.replacingEvery("\n", with: " "))\n" + kept.joined(separator: "\n")
                try file.write(offered)
            }
        }
    }
}

extension TaskEditing {
    /// The whole of `todo edit ID` on a terminal, given how to read the task and how to carry a
    /// plan out: the task is read, edited with no database open meanwhile, then saved as one
    /// change unless it changed in the meantime. Once the editor has been left, what was
    /// written is never lost: a save that fails keeps the file and names it.
    public static func run(_ reference: TaskReference, json: Bool, read: (TaskReference) throws -> TodoTask,
                           save: (CommandPlan) throws -> Void) throws {
        let task = try read(reference)
        let file = try ScratchText(named: "edit-\(task.id)", "")
        let outcome: Outcome
        do {
            outcome = try edit(task, today: LocalClock().today(), in: file, runEditor: ExternalEditor.edit)
        } catch {
            file.remove()
            throw error
        }
        switch outcome {
        case .unchanged(let why):
            file.remove()
            let line = "Nothing changed: \(why).\n"
            guard !json else { return StandardError.write("todo: " + line) }
            try StandardOutput.print(line)
        case .changed(let changes):
            do {
                try save(.saving(changes, to: task))
            } catch let error as any ReportedError {
                throw CommandFailure.editedTextKept(because: error.description, path: file.path)
            }
            file.remove()
        }
    }
}

extension CommandPlan {
    /// The plan that saves what the editor made of `task`, unless the task changed meanwhile.
    public static func saving(_ changes: TaskChanges, to task: TodoTask) -> CommandPlan {
        var plan = CommandPlan(steps: [.open(.editTask(task.id)), .send(.saveUnlessChanged(changes, since: task))], shape: .one, Writing())
        plan.commandLine = changes.commandLine(editing: task.id)
        return plan
    }
}

extension EditRequest {
    /// Whether the line names one task and nothing to do with it: on a terminal, its editor.
    var asksForTheEditor: Bool {
        ids.count == 1 && self == EditRequest(ids: ids)
    }
}
