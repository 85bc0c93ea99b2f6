import ArgumentParser
import TodoCore

struct RemoveCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete tasks. All of them go, or none does; their ids are never reused.",
        discussion: "Also: todo delete, todo remove.",
        aliases: ["delete", "remove"]
    )
    static let positionalCount = Int.max
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @OptionGroup var tasks: TaskIDs

    func plan(at now: Due) throws -> CommandPlan { try .remove(tasks.ids, write.writing) }
}
