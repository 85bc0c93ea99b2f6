import ArgumentParser
import TodoCore
import TodoInterchange
import TodoCoordinators

struct ImportCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add tasks from a file in the export format; lists are created as needed.",
        discussion: """
            Only "list" and "title" are required in a record; other fields get the defaults todo \
            add gives. The whole import is one transaction: one bad record and nothing is \
            imported (exit 65, naming the line). Without --format the format follows FILE's \
            extension (.json, .csv, else ndjson); stdin is read as ndjson.
            """
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs + [.value("--format"), .flag("--keep-ids")]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The file to read; stdin when absent or -.", completion: .file())
    var file: String?

    @Option(help: "ndjson, json or csv.")
    var format: DataFormat?

    @Flag(name: .customLong("keep-ids"), help: "Keep the records' ids; refused if this database ever used one of them.")
    var keepIDs = false

    /// Opens the input: a file that cannot be read stops the command before the database is touched.
    func plan(at now: Due) throws -> CommandPlan {
        let path = file == "-" ? nil : file
        let source = try RecordSource(path: path, format: format ?? DataFormat(fileName: path))
        let records = TaskRecords(keepIDs: keepIDs) { store in try source.forEachRecord(store) }
        return CommandPlan(steps: [.send(.importTasks(records))], shape: .one, write.writing)
    }
}

extension DataFormat {
    /// The format a file name suggests; ndjson when it suggests nothing (or for stdin).
    init(fileName: String?) {
        switch fileName?.split(separator: ".").last?.lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        default: self = .ndjson
        }
    }
}
