import ArgumentParser
import TodoCoordinators

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every task, done ones included, in id order, to stdout.",
        discussion: "The output streams, so memory stays flat however many tasks there are. --json means --format json."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "ndjson (one task per line, the default), json (one array) or csv.")
    var format: DataFormat?

    @Option(help: "Export only this list.", completion: ListNameCompletion.kind)
    var list: String?

    mutating func validate() throws {
        if let list { self.list = try ArgumentRules.listName(list) }
        if global.json, let format, format != .json { throw ValidationError("--json means --format json; it cannot go with --format \(format)") }
    }

    func run() throws {
        var plan = CommandPlan(steps: [.send(.exportTasks(list: list))], writes: false, shape: .many)
        plan.format = format ?? (global.json ? .json : .ndjson)
        try CompositionRoot.run(global, plan)
    }
}

extension DataFormat: ExpressibleByArgument {}
