import ArgumentParser
import TodoCore

/// Arguments that start with `-` read one way, before ArgumentParser sees them (docs/manual.md, "Values
/// that start with -"). ArgumentParser reads `-5 pushups` as a bundle of short flags holding `h`
/// and prints help with exit 0 in place of the command: a silent success. Here a value that
/// starts with `-` is never a bundle:
/// - the argument after an option that takes a value is that value, whatever it starts with;
/// - where the command still expects a positional value (a title, a list name, ids, words), an
///   argument that starts with a single `-` and is not exactly an option is that value;
/// - anywhere else, and for every `--word` that is not an option, it is a usage error (64)
///   that says to put `--` before a value.
/// `-h`/`--help` standing alone still ask for help. A line that needs none of this is returned
/// as typed, so ordinary lines reach ArgumentParser exactly as before.
enum DashArguments {
    static func separated(_ arguments: [String]) throws(UsageError) -> [String] {
        guard !leftAlone(arguments), let (depth, command) = command(of: arguments) else { return arguments }
        let (valueOptions, flags) = command.optionSpecs.spellings
        var options: [String] = []
        var positionals: [String] = []
        var rewritten = false
        var rest = arguments.dropFirst(depth)
        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals += rest
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if flags.contains(argument) {
                options.append(argument)
            } else if valueOptions.contains(argument) {
                guard let value = rest.popFirst() else {
                    options.append(argument)  // ArgumentParser says the value is missing
                    continue
                }
                let long = command.optionSpecs.first { $0.names.contains(argument) }?.name ?? argument
                if value.hasPrefix("-") { rewritten = true }
                options += value.hasPrefix("-") ? [long + "=" + value] : [argument, value]
            } else if let (name, value) = Substring(argument).split(atFirst: "="), valueOptions.contains(String(name)) {
                // `=` found by scalar: one that a combining mark follows is one Character with
                // it, which ArgumentParser would not split at, so the two are handed over apart.
                if argument.firstIndex(of: "=") == name.endIndex {
                    options.append(argument)
                } else {
                    options += [String(name), String(value)]
                    rewritten = true
                }
            } else if !argument.hasPrefix("--"), positionals.count < command.positionalCount {
                positionals.append(argument)
                rewritten = true
            } else {
                throw unknown(argument, command)
            }
        }
        guard rewritten else { return arguments }
        let words = depth == 0 ? [ListCommand._commandName] : Array(arguments.prefix(depth))
        let separator = positionals.contains { $0.hasPrefix("-") } ? ["--"] : []
        return words + options + separator + positionals
    }

    /// Lines for ArgumentParser alone: help, the version, shell completion's own calls.
    private static func leftAlone(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return true }
        if first == "help" || first.hasPrefix("---") || first == "--generate-completion-script"
            || first == "--experimental-dump-help" || first == "--version" {
            return true
        }
        // `-h` or `--help` standing alone, before any `--`.
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }

    /// How many words name the command, and the command; depth 0 is the default command (`todo
    /// Groceries` is `todo list Groceries`). Nil for a group typed alone (`todo db`).
    private static func command(of arguments: [String]) -> (Int, any InvokingCommand.Type)? {
        var depth = 0
        var current: any ParsableCommand.Type = TodoCommand.self
        while let word = arguments.dropFirst(depth).first,
              let sub = current.configuration.subcommands.first(where: { $0.isNamed(word) }) {
            current = sub
            depth += 1
        }
        if depth == 0 { return (0, ListCommand.self) }
        return (current as? any InvokingCommand.Type).map { (depth, $0) }
    }

    private static func unknown(_ argument: String, _ command: any InvokingCommand.Type) -> UsageError {
        let known = command.optionSpecs.flatMap(\.names).filter { $0.hasPrefix("--") }
        let typed = Substring(argument).split(atFirst: "=").map { String($0.before) } ?? argument
        let meant = Suggestion.closest(to: typed, among: known).map { " Did you mean '\($0)'?" } ?? ""
        return UsageError(
            message: "Unknown option '\(typed)'.\(meant) (A value that starts with '-' goes after '--'.)", command: command)
    }
}
