import ArgumentParser
import TodoCore

struct RemoveCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete tasks. All of them go, or none does; their ids are never reused."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: ArgumentHelp("Task ids.", valueName: "id"))
    var ids: [Int64]

    func plan(at now: Due) throws -> CommandPlan { try .remove(ids, write.writing) }
}
