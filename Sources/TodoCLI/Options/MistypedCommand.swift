import ArgumentParser
import TodoCore

/// `todo ad Inbox x`, `todo wrok`: a first word that is neither a command nor a list, but close
/// to a command or to a list, was most likely a typo. Without this check it would be read as a
/// list name (`todo LIST` shows a list), and the error would talk about unexpected arguments or
/// a missing list.
enum MistypedCommand {
    /// What the typo probably meant.
    enum Meant: Equatable {
        case command(String), list(String)
    }

    /// The word typed and what it probably meant; nil when the first word is a command, an
    /// option, a list in the database, or not close to any command or list.
    static func find(in arguments: [String]) -> (typed: String, meant: Meant)? {
        // The first word after the options every command takes, which may come first.
        guard let first = LeadingOptions.afterLeadingOptions(arguments)?.first, !first.hasPrefix("-") else { return nil }
        let commands = TodoCommand.commandWords + ["help"]
        guard !commands.contains(first) else { return nil }
        // Without ASCII case, as lists are matched (commands are in lower case).
        let typed = Names.foldedForMatching(first)
        var nearest = Suggestion.Nearest<Meant>(to: typed.text)
        for command in commands { nearest.consider(command, meaning: .command(command)) }
        // A list of that name is still shown, as `todo LIST` promises. Streamed: there may be
        // 400,000.
        var isList = false
        TodoCommandLine.forEachListName(ListNameCompletion.databaseFlag(in: arguments)) { name in
            let folded = Names.foldedForMatching(name)
            if folded == typed { isList = true }
            if !isList { nearest.consider(folded.text, meaning: .list(name)) }
        }
        guard !isList, let meant = nearest.meant else { return nil }
        return (first, meant)
    }

    /// The usage error that says so.
    static func error(_ typed: String, _ meant: Meant) -> UsageError {
        let suggestion = switch meant {
        case .command(let command): "\"\(command)\""
        case .list(let name): "the list \"\(name)\""
        }
        return UsageError(message: "no command or list named \"\(typed)\". Did you mean \(suggestion)?", command: nil)
    }
}
