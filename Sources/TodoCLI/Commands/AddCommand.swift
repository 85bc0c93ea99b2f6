import ArgumentParser
import TodoCoordinators
import TodoCore

struct AddCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a task to a list (the list is created if it does not exist)."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + AddWriteOptions.optionSpecs + [.value("--notes"), .value("--due"), .value("--priority")]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: AddWriteOptions

    @Argument(help: "The list to add to.", completion: ListNameCompletion.kind)
    var list: String

    @Argument(help: "The task's title (one argument; quote it).")
    var title: String

    @Option(help: "Notes for the task.")
    var notes: String?

    @Option(help: "Due date: YYYY-MM-DD, YYYY-MM-DDTHH:MM, today, tomorrow, a weekday, +Nd or +Nw.")
    var due: String?

    @Option(help: "Priority: none, low, medium or high.")
    var priority: Priority = .none

    var request: AddRequest {
        AddRequest(list: list, title: title, notes: notes, due: due, priority: priority, writing: write.writing)
    }

    func plan(at now: Due) throws -> CommandPlan { try request.plan(at: now) }
}

/// `todo add LIST TITLE ...` as plain values.
struct AddRequest: Equatable {
    var list: String
    var title: String
    var notes: String?
    var due: String?
    var priority: Priority = .none
    var writing = Writing()

    func plan(at now: Due) throws -> CommandPlan {
        let draft = TaskDraft(
            title: try ArgumentRules.title(title), notes: ArgumentRules.notes(notes),
            due: try ArgumentRules.due(due, today: now.date), priority: priority)
        return CommandPlan(
            steps: [.send(.selectList(try ArgumentRules.listName(list), creating: true)), .send(.addTask(draft))],
            shape: .one, writing)
    }
}
