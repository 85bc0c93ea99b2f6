import ArgumentParser
import TodoCoordinators
import TodoCore

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a task's fields, move it to another list, or mark it done or open."
    )

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

    mutating func validate() throws {
        if let title { self.title = try ArgumentRules.title(title) }
        if let list { self.list = try ArgumentRules.listName(list) }
        if due != nil && noDue { throw ValidationError("--due and --no-due cannot be used together") }
        if done && undone { throw ValidationError("--done and --undone cannot be used together") }
        if try changes().isEmpty { throw ValidationError("nothing to change: give at least one of --title, --notes, --due, --no-due, --priority, --list, --done, --undone") }
    }

    /// The changes the options ask for.
    func changes() throws -> TaskChanges {
        TaskChanges(
            title: title,
            notes: notes.map { .set(ArgumentRules.notes($0)) } ?? .keep,
            due: try ArgumentRules.due(due).map { .set($0) } ?? (noDue ? .set(nil) : .keep),
            priority: priority,
            listName: list,
            isDone: done ? true : (undone ? false : nil))
    }

    func run() throws {
        try CompositionRoot.run(global, CommandPlan(steps: [.open(.editTask(id)), .send(.save(try changes()))], shape: .one, write))
    }
}
