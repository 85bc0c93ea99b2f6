import ArgumentParser
import TodoCoordinators
import TodoCore

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a task to a list (the list is created if it does not exist)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

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

    mutating func validate() throws {
        list = try ArgumentRules.listName(list)
        title = try ArgumentRules.title(title)
        _ = try ArgumentRules.due(due)
    }

    func run() throws {
        let draft = TaskDraft(title: title, notes: ArgumentRules.notes(notes), due: try ArgumentRules.due(due), priority: priority)
        try CompositionRoot.run(global, CommandPlan(steps: [.send(.selectList(list, creating: true)), .send(.addTask(draft))], shape: .one, write))
    }
}
