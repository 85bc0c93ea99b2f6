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
    func run() throws {
        try CompositionRoot.run(global.settings, plan(at: LocalClock().nowLocal()))
    }
}
