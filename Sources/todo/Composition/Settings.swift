import ArgumentParser
import TodoCore

/// What every command is told besides its own arguments: which database, and how to print.
/// Plain values, so both ways of reading a command line (ArgumentParser and the quick parser)
/// end in the same thing.
struct Settings: Equatable {
    var db: String?
    var json = false
    /// `--no-color` is folded in as `.never`.
    var color: ColorChoice = .auto
}

extension GlobalOptions {
    var settings: Settings {
        Settings(db: db, json: json, color: noColor ? .never : color)
    }
}

/// A subcommand whose work is a plan carried out by the composition root.
protocol PlannedCommand: ParsableCommand {
    var global: GlobalOptions { get }
    /// The plan for this command line, `now` being the local date and time it runs at (relative
    /// due dates and `--overdue` are read against it).
    func plan(at now: Due) throws -> CommandPlan
}

extension PlannedCommand {
    /// The plan's own rules are checked here rather than in `validate()`, which ArgumentParser
    /// runs before it looks for unknown options: `todo edit 13 --priorty high` must be told
    /// about `--priorty`, not that there is nothing to change.
    func run() throws {
        let plan: CommandPlan
        do {
            plan = try self.plan(at: LocalClock().nowLocal())
        } catch let error as ValidationError {
            throw UsageError(message: error.message, command: Self.self)
        }
        try CompositionRoot.run(global.settings, plan)
    }
}

/// A rule a command line broke, found once ArgumentParser had read the whole line; reported
/// as ArgumentParser reports its own (exit 64, with the command's usage).
struct UsageError: Error {
    let message: String
    let command: any ParsableCommand.Type
}
