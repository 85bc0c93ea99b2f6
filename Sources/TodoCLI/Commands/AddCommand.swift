import ArgumentParser
import TodoCoordinators
import TodoCore
import TodoTerminal

struct AddCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a task to a list (the list is created if it does not exist)."
    )
    static let positionalCount = 2
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + AddWriteOptions.optionSpecs + [
        .value("--notes"), .value("--due"), .value("--priority"), .value("--tag"), .value("--repeat"), .value("--repeat-from"),
    ]

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

    @Option(help: "A tag: one word (repeat the option for more).")
    var tag: [String] = []

    @Option(name: .customLong("repeat"), help: "Repeat: daily, weekly, monthly, yearly, or Nd, Nw, Nm, Ny (needs --due).")
    var repeatRule: String?

    @Option(name: .customLong("repeat-from"), help: "What the next date counts from: due (default) or done.")
    var repeatFrom: RepeatFrom?

    var request: AddRequest {
        AddRequest(list: list, title: title, notes: notes, due: due, priority: priority, tags: tag, repeatRule: repeatRule,
                   repeatFrom: repeatFrom, writing: write.writing)
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
    var tags: [String] = []
    var repeatRule: String?
    var repeatFrom: RepeatFrom?
    var writing = Writing()

    func plan(at now: Due) throws -> CommandPlan {
        let rule = try ArgumentRules.repeatRule(repeatRule)
        let due = try ArgumentRules.due(due, today: now.date)
        if rule != nil && due == nil { throw ValidationError("--repeat needs --due: a repeating task's schedule counts from its due date") }
        if repeatFrom != nil && rule == nil { throw ValidationError("--repeat-from needs --repeat") }
        let draft = TaskDraft(
            title: try ArgumentRules.title(title), notes: ArgumentRules.notes(notes), due: due, priority: priority,
            tags: try ArgumentRules.tags(tags), repeatRule: rule, repeatFrom: repeatFrom ?? .due)
        if let problem = TextLimits.taskProblem(title: draft.title, notes: draft.notes, tags: draft.tags) { throw ValidationError(problem) }
        return CommandPlan(
            steps: [.send(.selectList(try ArgumentRules.listName(list), creating: true)), .send(.addTask(draft))],
            shape: .one, writing)
    }
}
