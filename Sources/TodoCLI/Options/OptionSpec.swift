/// How one option is spelled and whether a value follows it: what reading a line the way
/// ArgumentParser reads it needs (the quick parser, moving leading options, messages that name
/// options). Each command lists its own next to its ArgumentParser definitions, and
/// `OptionSpecTests` checks the two against each other, so an option added to a command cannot be
/// missed here.
struct OptionSpec: Hashable, Sendable {
    /// Every spelling, with its dashes: `--quiet`, `-q`.
    let names: [String]
    let takesValue: Bool

    static func value(_ names: String...) -> OptionSpec { OptionSpec(names: names, takesValue: true) }
    static func flag(_ names: String...) -> OptionSpec { OptionSpec(names: names, takesValue: false) }

    /// The long spelling, as messages name the option.
    var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}

/// A command or group of options that lists its options for reading lines without ArgumentParser.
protocol DeclaresOptions {
    /// Every option it accepts, those of the groups it includes too.
    static var optionSpecs: [OptionSpec] { get }
}

extension Array where Element == OptionSpec {
    /// The spellings of the options that take a value, and of those that do not.
    var spellings: (values: [String], flags: [String]) {
        (filter(\.takesValue).flatMap(\.names), filter { !$0.takesValue }.flatMap(\.names))
    }

    /// These options without the ones every command has (`--db`, `--json` ...) and those of
    /// commands that write (`-q`, `--dry-run`): a command's own.
    var ownOnly: [OptionSpec] {
        filter { !GlobalOptions.optionSpecs.contains($0) && !WriteOptions.optionSpecs.contains($0) }
    }
}
