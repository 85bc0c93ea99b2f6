import ArgumentParser
import TodoCoordinators
import TodoCore
import TodoTerminal

struct EditCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a task's fields, move it to another list, or mark it done or open.",
        discussion: """
            Several ids take the same changes, as one change of the history: all of them, or none \
            when one cannot be changed (an id that does not exist: exit 1).
            """
    )
    static let positionalCount = Int.max
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs + [
        .value("--title"), .value("--notes"), .value("-d", "--due"), .flag("--no-due"), .value("-p", "--priority"), .value("-l", "--list"),
        .flag("--done"), .flag("--undone"), .value("-t", "--tag"), .value("--untag"), .value("--repeat"), .flag("--no-repeat"), .value("--repeat-from"),
    ]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    @Argument(help: ArgumentHelp("The tasks' ids (or whole uuids): one, or several to change alike.", valueName: "id"),
              transform: TaskReference.argument)
    var ids: [TaskReference] = []

    @Option(help: "A new title.")
    var title: String?

    @Option(help: "New notes; an empty string removes them.")
    var notes: String?

    @Option(name: [.short, .long], help: "A new due date (same forms as for add: todo help dates).")
    var due: String?

    @Flag(name: .customLong("no-due"), help: "Remove the due date.")
    var noDue = false

    @Option(name: [.short, .long], help: "A new priority: none, low, medium or high (or h, m, l, n; any case).")
    var priority: Priority?

    @Option(name: [.short, .long], help: "Move the task to this list (created if it does not exist).", completion: ListNameCompletion.kind)
    var list: String?

    @Flag(help: "Mark the task done.")
    var done = false

    @Flag(help: "Mark the task open again.")
    var undone = false

    @Option(name: [.short, .long], help: "Add a tag (repeat the option for more).")
    var tag: [String] = []

    @Option(help: "Take a tag off (repeat the option for more).")
    var untag: [String] = []

    @Option(name: .customLong("repeat"), help: "Repeat: daily, weekly, monthly, yearly, or Nd, Nw, Nm, Ny (needs a due date).")
    var repeatRule: String?

    @Flag(name: .customLong("no-repeat"), help: "Stop repeating.")
    var noRepeat = false

    @Option(name: .customLong("repeat-from"), help: "What the next date counts from: due or done.")
    var repeatFrom: RepeatFrom?

    var request: EditRequest {
        EditRequest(ids: ids, title: title, notes: notes, due: due, noDue: noDue, priority: priority, list: list,
                    done: done, undone: undone, tags: tag, untags: untag, repeatRule: repeatRule, noRepeat: noRepeat,
                    repeatFrom: repeatFrom, writing: write.writing)
    }

    func plan(at now: Due) throws -> CommandPlan { try request.plan(at: now) }

    /// As every planned command's, but that one id and nothing else, on a terminal, opens the
    /// task in the person's editor (a script still gets the usage error).
    func invocation(at now: Due) throws -> Invocation {
        if request.asksForTheEditor, ExternalEditor.hasTerminal { return .editInEditor(global.settings, request.ids[0]) }
        return try planned(at: now)
    }
}

/// `todo edit ID... ...` as plain values.
struct EditRequest: Equatable {
    var ids: [TaskReference]
    var title: String?
    var notes: String?
    var due: String?
    var noDue = false
    var priority: Priority?
    var list: String?
    var done = false
    var undone = false
    var tags: [String] = []
    var untags: [String] = []
    var repeatRule: String?
    var noRepeat = false
    var repeatFrom: RepeatFrom?
    var writing = Writing()

    func plan(at now: Due) throws -> CommandPlan {
        if due != nil && noDue { throw ValidationError("--due and --no-due cannot be used together") }
        if done && undone { throw ValidationError("--done and --undone cannot be used together") }
        if repeatRule != nil && noRepeat { throw ValidationError("--repeat and --no-repeat cannot be used together") }
        let rule = try ArgumentRules.repeatRule(repeatRule)
        if rule != nil && noDue { throw ValidationError("--repeat needs a due date, and --no-due takes it away") }
        let added = try ArgumentRules.tags(tags), removed = try ArgumentRules.tags(untags)
        let removing = TagSet(removed)
        if let both = added.first(where: { removing.contains($0) }) {
            throw ValidationError("--tag and --untag both name '\(both)'")
        }
        let changes = TaskChanges(
            title: try title.map(ArgumentRules.title),
            notes: notes.map { .set(ArgumentRules.notes($0)) } ?? .keep,
            due: try ArgumentRules.due(due, today: now.date).map { .set($0) } ?? (noDue ? .set(nil) : .keep),
            priority: priority,
            listName: try list.map { try ArgumentRules.listName($0) },
            isDone: done ? true : (undone ? false : nil),
            addTags: added, removeTags: removed,
            repeatRule: rule.map { .set($0) } ?? (noRepeat ? .set(nil) : .keep), repeatFrom: repeatFrom)
        if changes.isEmpty {
            let options = EditCommand.optionSpecs.ownOnly.map(\.name).joined(separator: ", ")
            throw ValidationError("nothing to change: give at least one of \(options)")
        }
        let ids = try ArgumentRules.ids(ids)
        return CommandPlan(steps: [.eachTask(ids, .edit(changes))], shape: ids.count > 1 ? .many : .one, writing)
    }
}
