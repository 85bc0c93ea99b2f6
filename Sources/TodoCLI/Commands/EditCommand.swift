import ArgumentParser
import TodoCoordinators
import TodoCore

struct EditCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a task's fields, move it to another list, or mark it done or open."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs + [
        .value("--title"), .value("--notes"), .value("--due"), .flag("--no-due"), .value("--priority"), .value("--list"), .flag("--done"),
        .flag("--undone"),
    ]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The task's id.")
    var id: Int64

    @Option(help: "A new title.")
    var title: String?

    @Option(help: "New notes; an empty string removes them.")
    var notes: String?

    @Option(help: "A new due date (same forms as for add).")
    var due: String?

    @Flag(name: .customLong("no-due"), help: "Remove the due date.")
    var noDue = false

    @Option(help: "A new priority: none, low, medium or high.")
    var priority: Priority?

    @Option(help: "Move the task to this list (created if it does not exist).", completion: ListNameCompletion.kind)
    var list: String?

    @Flag(help: "Mark the task done.")
    var done = false

    @Flag(help: "Mark the task open again.")
    var undone = false

    var request: EditRequest {
        EditRequest(id: id, title: title, notes: notes, due: due, noDue: noDue, priority: priority, list: list,
                    done: done, undone: undone, writing: write.writing)
    }

    func plan(at now: Due) throws -> CommandPlan { try request.plan(at: now) }
}

/// `todo edit ID ...` as plain values.
struct EditRequest: Equatable {
    var id: Int64
    var title: String?
    var notes: String?
    var due: String?
    var noDue = false
    var priority: Priority?
    var list: String?
    var done = false
    var undone = false
    var writing = Writing()

    func plan(at now: Due) throws -> CommandPlan {
        if due != nil && noDue { throw ValidationError("--due and --no-due cannot be used together") }
        if done && undone { throw ValidationError("--done and --undone cannot be used together") }
        let changes = TaskChanges(
            title: try title.map(ArgumentRules.title),
            notes: notes.map { .set(ArgumentRules.notes($0)) } ?? .keep,
            due: try ArgumentRules.due(due, today: now.date).map { .set($0) } ?? (noDue ? .set(nil) : .keep),
            priority: priority,
            listName: try list.map { try ArgumentRules.listName($0) },
            isDone: done ? true : (undone ? false : nil))
        if changes.isEmpty {
            let options = EditCommand.optionSpecs.ownOnly.map(\.name).joined(separator: ", ")
            throw ValidationError("nothing to change: give at least one of \(options)")
        }
        return CommandPlan(steps: [.open(.editTask(id)), .send(.save(changes))], shape: .one, writing)
    }
}
