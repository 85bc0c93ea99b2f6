import ArgumentParser
import TodoCore
import TodoTerminal
import TodoInterchange
import TodoCoordinators

struct ImportCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add tasks from a file in the export format, merging each record into the task with its uuid.",
        discussion: """
            A record whose uuid a task here has replaces that task's fields where they differ \
            (updated) or leaves it alone (unchanged); the others are added (new). Only "list" and \
            "title" are required in a record; other fields get the defaults todo add gives. The \
            whole import is one transaction and one change to undo: one bad record and nothing is \
            imported (exit 65, naming the line). Without --format the format follows FILE's \
            extension (.json, .csv, .txt for todo.txt, .ics for iCalendar, else ndjson, or a JSON \
            array when it opens with [); stdin is read the same way. --keep-ids keeps the ids of \
            the records added. --format taskwarrior reads what `task export` prints, --format \
            todotxt todo.txt lines, --format ics a calendar's VTODOs; what they hold that todo \
            cannot carry over (a recurrence it has no rule for, deleted tasks, an alarm) is said \
            on stderr. Their records that name no list (no project, no +list, no X-TODO-LIST) go \
            to --list, else the default list ($TODO_DEFAULT_LIST, else Inbox).
            """
    )
    static let positionalCount = 1
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs + [.value("--format"), .flag("--keep-ids"), .value("-l", "--list")]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: "The file to read; stdin when absent or -.", completion: .file())
    var file: String?

    @Option(help: "ndjson, json, csv, taskwarrior, todotxt or ics.")
    var format: DataFormat?

    @Option(name: [.short, .long], help: "The list of records that name none (taskwarrior, todotxt, ics).", completion: ListNameCompletion.kind)
    var list: String?

    @Flag(name: .customLong("keep-ids"), help: "Keep the records' ids; refused if this database ever used one of them.")
    var keepIDs = false

    /// Opens the input: a file that cannot be read stops the command before the database is touched.
    func plan(at now: Due) throws -> CommandPlan {
        let path = file == "-" ? nil : file
        let format = format ?? DataFormat(fileName: path)
        if keepIDs && !format.carriesIDs { throw ValidationError("--keep-ids needs todo's own ids, which \(format) files do not have") }
        if list != nil && format.carriesIDs { throw ValidationError("--list names the list of records that name none; a \(format) record always names its list") }
        let source = try RecordSource(path: path, format: format, list: format.carriesIDs ? "" : try fallbackList())
        let records = TaskRecords(keepIDs: keepIDs) { store in try source.forEachRecord(store) }
        var plan = CommandPlan(steps: [.send(.importTasks(records))], shape: .one, write.writing)
        plan.notices = source.notices
        return plan
    }
}

extension ImportCommand {
    /// The list of records that name none: --list, else the default one.
    private func fallbackList() throws -> String {
        if let list { return try ArgumentRules.listName(list) }
        let list = try TodoCommandLine.defaultList()
        if let problem = TextLimits.listNameProblem(list) { throw ValidationError("TODO_DEFAULT_LIST: " + problem) }
        return list
    }
}

extension DataFormat {
    /// The format a file name suggests; ndjson when it suggests nothing (or for stdin).
    init(fileName: String?) {
        switch fileName?.split(separator: ".").last?.lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        case "txt": self = .todotxt
        case "ics": self = .ics
        default: self = .ndjson
        }
    }
}
