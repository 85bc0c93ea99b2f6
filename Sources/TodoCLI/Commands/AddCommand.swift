import ArgumentParser
import TodoCoordinators
import TodoCore
import TodoTerminal

struct AddCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a task to a list (the list is created if it does not exist).",
        discussion: """
            todo add TITLE adds to the default list: $TODO_DEFAULT_LIST, else Inbox. todo add LIST \
            WORD... takes the words after the list, joined by one space, as the title: todo add \
            Home buy oat milk. A list the command creates is said on stderr (todo: created the \
            list "Hmoe"), so a mistyped name is seen; todo undo removes both.
            """
    )
    static let positionalCount = Int.max
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + AddWriteOptions.optionSpecs + [
        .value("--notes"), .value("-d", "--due"), .value("-p", "--priority"), .value("-t", "--tag"), .value("--repeat"), .value("--repeat-from"),
    ]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: AddWriteOptions

    @Argument(help: ArgumentHelp("The list, then the title's words; the title alone adds to the default list.", valueName: "list> <word"),
              completion: ListNameCompletion.kind)
    var words: [String] = []

    @Option(help: "Notes for the task.")
    var notes: String?

    @Option(name: [.short, .long], help: "Due date: YYYY-MM-DD, YYYY-MM-DDTHH:MM, today, tomorrow, a weekday, +3d, eom... (todo help dates).")
    var due: String?

    @Option(name: [.short, .long], help: "Priority: none, low, medium or high (or h, m, l, n; any case).")
    var priority: Priority = .none

    @Option(name: [.short, .long], help: "A tag: one word (repeat the option for more).")
    var tag: [String] = []

    @Option(name: .customLong("repeat"), help: "Repeat: daily, weekly, monthly, yearly, or Nd, Nw, Nm, Ny (needs --due).")
    var repeatRule: String?

    @Option(name: .customLong("repeat-from"), help: "What the next date counts from: due (default) or done.")
    var repeatFrom: RepeatFrom?

    var request: AddRequest {
        AddRequest(words: words, notes: notes, due: due, priority: priority, tags: tag, repeatRule: repeatRule,
                   repeatFrom: repeatFrom, writing: write.writing)
    }

    func plan(at now: Due) throws -> CommandPlan { try request.plan(at: now) }
}

/// `todo add [LIST] TITLE...` as plain values.
struct AddRequest: Equatable {
    /// The list and the title's words, or the title alone (for the default list).
    var words: [String]
    var notes: String?
    var due: String?
    var priority: Priority = .none
    var tags: [String] = []
    var repeatRule: String?
    var repeatFrom: RepeatFrom?
    var writing = Writing()

    /// The list named, else the default one; and the title.
    func listAndTitle() throws -> (list: String, title: String) {
        switch words.count {
        case 0: throw ValidationError("give the task's title: todo add [LIST] TITLE")
        case 1:
            let list = try TodoCommandLine.defaultList()
            if let problem = TextLimits.listNameProblem(list) { throw ValidationError("TODO_DEFAULT_LIST: " + problem) }
            return (list, words[0])
        // Not a slice's `joined(separator:)`: the standard library's generic path, a scan of
        // every conformance in the binary on each start (`joined(by:)`).
        default: return (words[0], Array(words.dropFirst()).joined(by: " "))
        }
    }

    func plan(at now: Due) throws -> CommandPlan {
        let (list, title) = try listAndTitle()
        let rule = try ArgumentRules.repeatRule(repeatRule)
        let due = try ArgumentRules.due(due, today: now.date)
        if rule != nil && due == nil { throw ValidationError("--repeat needs --due: a repeating task's schedule counts from its due date") }
        if repeatFrom != nil && rule == nil { throw ValidationError("--repeat-from needs --repeat") }
        let draft = TaskDraft(
            title: try ArgumentRules.title(title), notes: ArgumentRules.notes(notes), due: due, priority: priority,
            tags: try ArgumentRules.tags(tags), repeatRule: rule, repeatFrom: repeatFrom ?? .due)
        if let problem = TextLimits.taskProblem(title: draft.title, notes: draft.notes, tags: draft.tags) { throw ValidationError(problem) }
        return CommandPlan(
            steps: [.send(.selectList(try ArgumentRules.listName(list), creating: true)), .send(.addTask(draft))],
            shape: .one, writing)
    }
}
