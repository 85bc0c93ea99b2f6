import ArgumentParser
import TodoCoordinators

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete tasks. All of them go, or none does; their ids are never reused."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "Task ids.")
    var ids: [Int64] = []

    mutating func validate() throws { ids = try ArgumentRules.ids(ids) }

    func run() throws {
        try CompositionRoot.run(global, CommandPlan(steps: ids.flatMap { [.open(.listOfTask($0)), .send(.deleteTask($0))] }, shape: .many, write))
    }
}
