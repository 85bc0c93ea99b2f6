import ArgumentParser
import TodoCoordinators

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every field of tasks.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Task ids.")
    var ids: [Int64] = []

    mutating func validate() throws { ids = try ArgumentRules.ids(ids) }

    func run() throws {
        try CompositionRoot.run(global, CommandPlan(
            steps: ids.flatMap { [.open(.listOfTask($0)), .send(.showTask($0))] }, writes: false, shape: .many))
    }
}
