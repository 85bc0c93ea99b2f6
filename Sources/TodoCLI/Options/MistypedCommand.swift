import ArgumentParser
import TodoCore

/// `todo ad Inbox x`: a first word that is neither a command nor a list, but close to a command,
/// was most likely a typo. Without this check it would be read as a list name (`todo LIST`
/// shows a list), and the error would talk about unexpected arguments or a missing list.
enum MistypedCommand {
    /// The word typed and the command it probably meant; nil when the first word is a command,
    /// an option, a list in the database, or not close to any command.
    static func find(in arguments: [String]) -> (typed: String, meant: String)? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let commands = TodoCommand.configuration.subcommands.map { $0._commandName } + ["help"]
        guard !commands.contains(first), let meant = Suggestion.closest(to: first, among: commands) else { return nil }
        // A list of that name is still shown, as `todo LIST` promises.
        let lists = TodoCommandLine.listNames(ListNameCompletion.databaseFlag(in: arguments))
        let typed = Names.foldedForMatching(first)
        guard !lists.contains(where: { Names.foldedForMatching($0) == typed }) else { return nil }
        return (first, meant)
    }
}
