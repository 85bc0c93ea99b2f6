import ArgumentParser
import TodoCore

struct ShowCommand: PlannedCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every field of tasks.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Task ids.")
    var ids: [Int64] = []

    func validate() throws { _ = try ArgumentRules.ids(ids) }
    func plan(at now: Due) throws -> CommandPlan { try .show(ids) }
}
