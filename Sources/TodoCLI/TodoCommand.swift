import ArgumentParser

/// `todo`: lists and tasks in one SQLite file. The root of the commands ArgumentParser reads.
public struct TodoCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "A todo manager that keeps every list and task in one SQLite file.",
        discussion: "Run a command with --help for its options. Scripts should use --json and the exit status: 0 success, 1 the command could not be carried out, 64 usage, 65 a bad record in an import file.",
        version: "0.1.0",
        subcommands: [
            ListCommand.self, AddCommand.self, EditCommand.self, DoneCommand.self, UndoneCommand.self,
            RemoveCommand.self, NewListCommand.self, RenameListCommand.self, DeleteListCommand.self,
            TasksCommand.self, SearchCommand.self, AgendaCommand.self, TagsCommand.self, ShowCommand.self, ExportCommand.self, ImportCommand.self,
            UndoCommand.self, RedoCommand.self, HistoryCommand.self, NavigatorCommand.self, SyncCommand.self, DatabaseCommand.self, DatesHelp.self,
        ],
        defaultSubcommand: ListCommand.self
    )

    public init() {}

    /// How a command is typed: `todo edit`, `todo db backup`.
    static func path(of command: any ParsableCommand.Type) -> String {
        for sub in configuration.subcommands {
            if sub == command { return "todo " + sub._commandName }
            if sub.configuration.subcommands.contains(where: { $0 == command }) {
                return "todo " + sub._commandName + " " + command._commandName
            }
        }
        return "todo"
    }

    /// Every word that names a command: its name and its aliases (`delete` for `rm`).
    static var commandWords: [String] {
        configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
    }
}

extension ParsableCommand {
    /// Whether `word` names this command: its name or one of its aliases.
    static func isNamed(_ word: String?) -> Bool {
        word == _commandName || word.map(configuration.aliases.contains) == true
    }
}
