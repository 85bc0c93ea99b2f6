import ArgumentParser
import TodoCoordinators
import TodoCore
import TodoTerminal

struct NewListCommand: PlannedCommand {
    static let configuration = CommandConfiguration(commandName: "new-list", abstract: "Create an empty list.")
    static let positionalCount = 1
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The new list's name.")
    var name: String

    func plan(at now: Due) throws -> CommandPlan {
        CommandPlan(steps: [.send(.addList(try ArgumentRules.listName(name)))], shape: .one, write.writing)
    }
}

struct RenameListCommand: PlannedCommand {
    static let configuration = CommandConfiguration(commandName: "rename-list", abstract: "Rename a list.")
    static let positionalCount = 2
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The list's current name.", completion: ListNameCompletion.kind)
    var old: String

    @Argument(help: "Its new name.")
    var new: String

    func plan(at now: Due) throws -> CommandPlan {
        let rename = ViewEvent.renameList(try ArgumentRules.listName(old), to: try ArgumentRules.listName(new, "new list name"))
        return CommandPlan(steps: [.send(rename)], shape: .one, write.writing)
    }
}

struct DeleteListCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-list",
        abstract: "Delete a list. One that still has tasks is refused unless --force, which deletes them too."
    )
    static let positionalCount = 1
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs + [.flag("--force")]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The list to delete.", completion: ListNameCompletion.kind)
    var name: String

    @Flag(help: "Also delete the list's tasks. Never asks.")
    var force = false

    func plan(at now: Due) throws -> CommandPlan {
        CommandPlan(steps: [.send(.deleteList(try ArgumentRules.listName(name), force: force))], shape: .one, write.writing)
    }
}
