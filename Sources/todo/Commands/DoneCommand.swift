import ArgumentParser
import TodoCoordinators
import TodoCore

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark tasks done. All of them change, or none does."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "Task ids.")
    var ids: [Int64] = []

    mutating func validate() throws { ids = try ArgumentRules.ids(ids) }

    func run() throws { try CompositionRoot.run(global, .setDone(true, ids, write)) }
}

struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Mark tasks open again. All of them change, or none does."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "Task ids.")
    var ids: [Int64] = []

    mutating func validate() throws { ids = try ArgumentRules.ids(ids) }

    func run() throws { try CompositionRoot.run(global, .setDone(false, ids, write)) }
}

extension CommandPlan {
    /// Each task is reached through its own list's screen, as a user would toggle it there.
    static func setDone(_ done: Bool, _ ids: [Int64], _ write: WriteOptions) -> CommandPlan {
        CommandPlan(steps: ids.flatMap { [.open(.listOfTask($0)), .send(.setDone($0, done))] }, shape: .many, write)
    }
}
