import ArgumentParser

/// `todo --db work.db add Inbox x` and `todo --json list`: the options every command takes may
/// come before the command, as with git. ArgumentParser reads an option only after the command
/// it belongs to, so they are moved there before parsing. Anything else before the command is
/// left as typed, for ArgumentParser to judge.
enum LeadingOptions {
    private static let (takingValues, flags) = GlobalOptions.optionSpecs.spellings

    static func moved(_ arguments: [String]) -> [String] {
        guard let (leading, rest) = split(arguments), !leading.isEmpty, let depth = commandDepth(rest) else { return arguments }
        return Array(rest.prefix(depth)) + leading + rest.dropFirst(depth)
    }

    /// The words after the options that come first (`todo --db f.db wrok`: `wrok`); nil when one
    /// of those is not an option every command takes.
    static func afterLeadingOptions(_ arguments: [String]) -> ArraySlice<String>? {
        split(arguments)?.rest
    }

    private static func split(_ arguments: [String]) -> (leading: [String], rest: ArraySlice<String>)? {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first, first.hasPrefix("-") {
            // `--db=` by bytes: a value that begins with a combining mark makes `=` another Character.
            if flags.contains(first) || takingValues.contains(where: { first.utf8.starts(with: ($0 + "=").utf8) }) {
                leading.append(first)
                rest.removeFirst()
            } else if takingValues.contains(first), rest.count >= 2 {
                leading += rest.prefix(2)
                rest.removeFirst(2)
            } else {
                return nil
            }
        }
        return (leading, rest)
    }

    /// How many words name the command (`add` is one, `db check` two); nil when the first word
    /// is not a command (`todo --json Groceries` lists a list through the default command).
    private static func commandDepth(_ words: ArraySlice<String>) -> Int? {
        guard let name = words.first,
              let command = TodoCommand.configuration.subcommands.first(where: { $0.isNamed(name) })
        else { return nil }
        let next = words.dropFirst().first
        return command.configuration.subcommands.contains { $0.isNamed(next) } ? 2 : 1
    }
}
