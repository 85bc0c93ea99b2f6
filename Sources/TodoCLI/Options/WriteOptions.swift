import ArgumentParser
import TodoCore

/// Options every command that writes accepts (`todo add` has its own `-q`: see `AddWriteOptions`).
struct WriteOptions: ParsableArguments, DeclaresOptions {
    static let optionSpecs: [OptionSpec] = [.flag("-q", "--quiet")] + DryRunOption.optionSpecs

    @Flag(name: [.short, .long], help: "Print nothing: the exit status says whether it worked.")
    var quiet = false

    @OptionGroup var dryRun: DryRunOption
}

/// `todo add`'s: its `-q` still prints the new id, so `id=$(todo add -q ...)` works.
struct AddWriteOptions: ParsableArguments, DeclaresOptions {
    static let optionSpecs = WriteOptions.optionSpecs

    @Flag(name: [.short, .long], help: "Print only the new task's id (id=$(todo add -q ...)).")
    var quiet = false

    @OptionGroup var dryRun: DryRunOption
}

struct DryRunOption: ParsableArguments, DeclaresOptions {
    static let optionSpecs: [OptionSpec] = [.flag("--dry-run")]

    @Flag(name: .long, help: "Check and carry out everything, print what would happen, then roll it all back.")
    var dryRun = false
}

/// `-q` and `--dry-run` as plain values.
struct Writing: Equatable {
    var quiet = false
    var dryRun = false
}

extension WriteOptions {
    var writing: Writing { Writing(quiet: quiet, dryRun: dryRun.dryRun) }
}

extension AddWriteOptions {
    var writing: Writing { Writing(quiet: quiet, dryRun: dryRun.dryRun) }
}

/// The tasks a command acts on: one id or more (or whole uuids).
struct TaskIDs: ParsableArguments {
    @Argument(help: ArgumentHelp("Task ids (or whole uuids).", valueName: "id"), transform: TaskReference.argument)
    var ids: [TaskReference]
}
