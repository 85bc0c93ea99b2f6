import ArgumentParser
import TodoCoordinators

struct NewListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new-list", abstract: "Create an empty list.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The new list's name.")
    var name: String

    mutating func validate() throws { name = try ArgumentRules.listName(name) }

    func run() throws {
        try CompositionRoot.run(global, CommandPlan(steps: [.send(.addList(name))], shape: .one, write))
    }
}

struct RenameListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename-list", abstract: "Rename a list.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The list's current name.", completion: ListNameCompletion.kind)
    var old: String

    @Argument(help: "Its new name.")
    var new: String

    mutating func validate() throws {
        old = try ArgumentRules.listName(old)
        new = try ArgumentRules.listName(new, "new list name")
    }

    func run() throws {
        try CompositionRoot.run(global, CommandPlan(steps: [.send(.renameList(old, to: new))], shape: .one, write))
    }
}

struct DeleteListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-list",
        abstract: "Delete a list. One that still has tasks is refused unless --force, which deletes them too."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The list to delete.", completion: ListNameCompletion.kind)
    var name: String

    @Flag(help: "Also delete the list's tasks. Never asks.")
    var force = false

    mutating func validate() throws { name = try ArgumentRules.listName(name) }

    func run() throws {
        try CompositionRoot.run(global, CommandPlan(steps: [.send(.deleteList(name, force: force))], shape: .one, write))
    }
}
