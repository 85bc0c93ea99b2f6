import ArgumentParser
import TodoCore

struct ShowCommand: PlannedCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every field of tasks.")
    static let positionalCount = Int.max
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    @OptionGroup var tasks: TaskIDs

    func plan(at now: Due) throws -> CommandPlan { try .show(tasks.ids) }
}
