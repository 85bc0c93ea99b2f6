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

    @Option(help: "ndjson (one task per line, the default), json (one array) or csv.")
    var format: ExportFormat?

    @Option(help: "Export only this list.", completion: ListNameCompletion.kind)
    var list: String?

    func plan(at now: Due) throws -> CommandPlan {
        let format = format?.format
        if let format, !format.isExported {
            throw ValidationError("todo reads \(format) files but does not write them: use ndjson, json or csv")
        }
        if global.json, let format, format != .json { throw ValidationError("--json means --format json; it cannot go with --format \(format)") }
        var plan = CommandPlan.listing([.send(.exportTasks(list: try list.map { try ArgumentRules.listName($0) }))])
        plan.format = format ?? (global.json ? .json : .ndjson)
        return plan
    }
}

extension DataFormat: ExpressibleByArgument {}

/// `todo export --format`: its help and completion list what export writes; a format todo only
/// reads is still recognised, to be refused saying so.
struct ExportFormat: ExpressibleByArgument {
    let format: DataFormat

    init?(argument: String) {
        guard let format = DataFormat(argument: argument) else { return nil }
        self.format = format
    }

    static var allValueStrings: [String] { DataFormat.allCases.filter(\.isExported).map(\.rawValue) }
}
