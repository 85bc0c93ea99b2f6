import ArgumentParser
import TodoCore
import TodoInterchange
import TodoCoordinators

struct ExportCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every task, done ones included, in id order, to stdout.",
        discussion: "The output streams, so memory stays flat however many tasks there are. --json means --format json."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [.value("--format"), .value("--list")]

    @OptionGroup var global: GlobalOptions

    @Option(help: "ndjson (one task per line, the default), json (one array), csv, taskwarrior (what task import reads), todotxt or ics (iCalendar VTODOs).")
    var format: DataFormat?

    @Option(help: "Export only this list.", completion: ListNameCompletion.kind)
    var list: String?

    func plan(at now: Due) throws -> CommandPlan {
        if global.json, let format, format != .json { throw ValidationError("--json means --format json; it cannot go with --format \(format)") }
        var plan = CommandPlan.listing([.send(.exportTasks(list: try list.map { try ArgumentRules.listName($0) }))])
        plan.format = format ?? (global.json ? .json : .ndjson)
        // What another tool's format cannot hold is said on stderr, by task id.
        if !(plan.format?.carriesIDs ?? true) { plan.notices = Notices(about: .tasks) }
        return plan
    }
}

extension DataFormat: ExpressibleByArgument {}
