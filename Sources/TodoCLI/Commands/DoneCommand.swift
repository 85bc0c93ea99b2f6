import ArgumentParser
import TodoCoordinators
import TodoCore
import TodoTerminal

struct DoneCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark tasks done. All of them change, or none does.",
        discussion: "A task already done is left as it is, and said so (exit 0). Also: todo complete.",
        aliases: ["complete"]
    )
    static let positionalCount = Int.max
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @OptionGroup var tasks: TaskIDs

    func plan(at now: Due) throws -> CommandPlan { try .setDone(true, tasks.ids, write.writing) }
}

struct UndoneCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Mark tasks open again. All of them change, or none does."
    )
    static let positionalCount = Int.max
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @OptionGroup var tasks: TaskIDs

    func plan(at now: Due) throws -> CommandPlan { try .setDone(false, tasks.ids, write.writing) }
}

extension CommandPlan {
    /// Each task is reached through its own list's screen, as a user would act on it there.
    static func setDone(_ done: Bool, _ ids: [TaskReference], _ writing: Writing) throws -> CommandPlan {
        CommandPlan(steps: [.eachTask(try ArgumentRules.ids(ids), .setDone(done))], shape: .many, writing)
    }

    static func remove(_ ids: [TaskReference], _ writing: Writing) throws -> CommandPlan {
        CommandPlan(steps: [.eachTask(try ArgumentRules.ids(ids), .delete)], shape: .many, writing)
    }

    static func show(_ ids: [TaskReference]) throws -> CommandPlan {
        CommandPlan(steps: [.eachTask(try ArgumentRules.ids(ids), .show)], writes: false, shape: .many)
    }
}
