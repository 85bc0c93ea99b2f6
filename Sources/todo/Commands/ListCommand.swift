import ArgumentParser
import TodoCoordinators
import TodoCore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show every list with its counts, or one list's tasks.",
        discussion: "Tasks are shown open first, then by due date (undated last), then by id."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A list to show the tasks of.")
    var list: String?

    @Flag(name: .long, help: "Show done tasks too.")
    var all = false

    mutating func validate() throws {
        if let list { self.list = try ArgumentRules.listName(list) }
        if all && list == nil { throw ValidationError("--all needs a list: todo list LIST --all") }
    }

    func run() throws {
        guard let list else {
            return try CompositionRoot.run(global, CommandPlan(steps: [.send(.showLists)], writes: false, shape: .many))
        }
        try CompositionRoot.run(global, CommandPlan(
            steps: [.send(.selectList(list, creating: false)), .send(.showTasks(TaskQuery(includeDone: all)))],
            writes: false, shape: .many))
    }
}
