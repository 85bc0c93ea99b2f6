import ArgumentParser
import TodoCoordinators
import TodoCore

struct DoneCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark tasks done. All of them change, or none does."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: ArgumentHelp("Task ids.", valueName: "id"))
    var ids: [Int64]

    func plan(at now: Due) throws -> CommandPlan { try .setDone(true, ids, write.writing) }
}

struct UndoneCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Mark tasks open again. All of them change, or none does."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: ArgumentHelp("Task ids.", valueName: "id"))
    var ids: [Int64]

    func plan(at now: Due) throws -> CommandPlan { try .setDone(false, ids, write.writing) }
}

extension CommandPlan {
    /// Each task is reached through its own list's screen, as a user would toggle it there.
    static func setDone(_ done: Bool, _ ids: [Int64], _ writing: Writing) throws -> CommandPlan {
        CommandPlan(steps: try ArgumentRules.ids(ids).flatMap { [.open(.listOfTask($0)), .send(.setDone($0, done))] }, shape: .many, writing)
    }

    static func remove(_ ids: [Int64], _ writing: Writing) throws -> CommandPlan {
        CommandPlan(steps: try ArgumentRules.ids(ids).flatMap { [.open(.listOfTask($0)), .send(.deleteTask($0))] }, shape: .many, writing)
    }

    static func show(_ ids: [Int64]) throws -> CommandPlan {
        CommandPlan(steps: try ArgumentRules.ids(ids).flatMap { [.open(.listOfTask($0)), .send(.showTask($0))] }, writes: false, shape: .many)
    }
}
