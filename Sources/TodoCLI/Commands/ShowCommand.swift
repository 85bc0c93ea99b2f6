import ArgumentParser
import TodoCore

struct ShowCommand: PlannedCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every field of tasks.")
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Task ids.", valueName: "id"))
    var ids: [Int64]

    func plan(at now: Due) throws -> CommandPlan { try .show(ids) }
}
