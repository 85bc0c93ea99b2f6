import TodoCoordinators
import TodoCore

/// What the keys do: the screens' rows are `KeyTable`'s; prompts, questions and the form read their own.
extension NavigatorApp {
    /// Whether the window is too small to show anything but that.
    var windowTooSmall: Bool {
        let size = terminal.size
        return size.rows < 6 || size.columns < 24
    }

    /// A key on the lists or on a list's tasks: what the screen's row of the key table says.
    func handleBrowsing(_ key: Key) {
        KeyTable.keys(for: screens.showing).first { $0.keys.contains(key) }?.action(self, key)
    }

    func openSelectedList() {
        guard let selected = selectedListShown else { return }
        if send(.selectList(selected.name, creating: false)) { resetTodoList() }
    }

    func askToRenameSelectedList() {
        guard let selected = selectedListShown else { return }
        mode = .prompt(Prompt(purpose: .renameList(selected.name), label: "Rename \(selected.name) to", text: selected.name))
    }

    func askToDeleteSelectedList() {
        guard let selected = selectedListShown else { return }
        let count = selected.taskCount
        let tasks = count == 0 ? "" : " and its \(count) task\(count == 1 ? "" : "s")"
        mode = .confirm(Question(text: "Delete the list \(selected.name)\(tasks)? y/n", event: .deleteList(selected.name, force: true),
                                 command: ShellWords.command("delete-list", options: ["--force"], [selected.name])))
    }

    /// The user leaves the list: the screen stack tells the screen, and its coordinator finishes.
    func leaveList() {
        screens.popFromOutside()
        filter = []
    }

    func editSelectedTask() {
        guard let task = selectedTaskShown else { return }
        if send(.selectTask(task.id)), case .task(let shown)? = screens.showing {
            mode = .form(EditForm(task: shown))
        }
    }

    func toggleSelectedTask() {
        guard let task = selectedTaskShown else { return }
        send(.setDone(task.id, !task.isDone), recording: ShellWords.command(task.isDone ? "undone" : "done", [String(task.id)]))
    }

    /// The Tasks tab's `a`: a task for the default list, which the prompt names.
    func askForATaskOfTheDefaultList() {
        do {
            // A name the list could not have is said now, not after the title is typed.
            guard let list = Names.trimmed(try defaultList()) else { return fail(UIMessage("TODO_DEFAULT_LIST is empty")) }
            if let problem = TextLimits.listNameProblem(list) { return fail(UIMessage("TODO_DEFAULT_LIST: " + problem)) }
            mode = .prompt(Prompt(purpose: .addTaskTo(list), label: "New task in \(list)", text: ""))
        } catch {
            fail(error)
        }
    }

    func askToDeleteSelectedTask() {
        guard let task = selectedTaskShown else { return }
        mode = .confirm(Question(text: "Delete task \(task.id) \(task.title)? y/n", event: .deleteTask(task.id),
                                 command: ShellWords.command("rm", [String(task.id)])))
    }

    func handlePrompt(_ prompt: Prompt, _ key: Key) {
        var prompt = prompt
        switch key {
        case .escape:
            mode = .browsing
            // The filter narrowed as it was typed: cancelling goes back to the one before.
            if case .filter(let before) = prompt.purpose { setFilter(before) }
            return
        case .enter:
            mode = .browsing
            submit(prompt)
            return
        case .backspace: if !prompt.text.isEmpty { prompt.text.removeLast() }
        case .control("u"): prompt.text = ""
        case .character(let c): prompt.text.append(c)
        default: return
        }
        mode = .prompt(prompt)
        if case .filter = prompt.purpose { setFilter(words(prompt.text)) }
    }

    private func submit(_ prompt: Prompt) {
        switch prompt.purpose {
        case .filter:
            setFilter(words(prompt.text))
        case .newList:
            guard let name = Names.trimmed(prompt.text) else { return fail(UIMessage("a list name cannot be empty")) }
            if send(.addList(name), recording: ShellWords.command("new-list", [name])) { selectCreatedList() }
        case .renameList(let old):
            guard let name = Names.trimmed(prompt.text) else { return fail(UIMessage("a list name cannot be empty")) }
            if !name.hasSameScalars(as: old) { send(.renameList(old, to: name), recording: ShellWords.command("rename-list", [old, name])) }
        case .addTaskTo(let list):
            guard let title = Names.trimmed(prompt.text) else { return fail(UIMessage("a title cannot be empty")) }
            if send(.addTaskToList(list, TaskDraft(title: title)), recording: ShellWords.command("add", [list, title])), let added = display.added {
                selectedTask = added.id
            }
        case .addTask:
            guard let title = Names.trimmed(prompt.text) else { return fail(UIMessage("a title cannot be empty")) }
            guard case .tasks(of: let shown)? = screens.showing else { return }
            let list = shown.name
            if send(.addTask(TaskDraft(title: title)), recording: ShellWords.command("add", [list, title])), let added = display.added {
                selectedTask = added.id
            }
        }
    }

    func answer(_ question: Question, _ key: Key) {
        mode = .browsing
        guard key == .character("y") else {
            status = "Nothing was deleted"
            return
        }
        send(question.event, recording: question.command)
    }

    func handleForm(_ form: EditForm, _ key: Key) {
        var form = form
        switch key {
        case .escape:
            mode = .browsing
            // An error about the form goes with it.
            (status, statusIsError) = (nil, false)
            // The user closes the form: dismissed from outside, so its coordinator finishes.
            screens.dismissFromOutside()
            return
        case .enter:
            save(form)
            return
        case .up, .backTab: form.move(by: -1)
        case .down, .tab: form.move(by: 1)
        case .backspace: form.deleteBackward()
        case .control("u"): form.clear()
        case .character(let c): form.type(c)
        default: break
        }
        mode = .form(form)
    }

    private func save(_ form: EditForm) {
        let changes: TaskChanges
        do {
            changes = try form.changes(today: today())
        } catch {
            mode = .form(form)
            return fail(UIMessage(error.message))
        }
        guard !changes.isEmpty else {
            mode = .browsing
            send(.cancel)
            return
        }
        // Saved only if the task is still as the form was opened on: another process's change
        // meanwhile is not overwritten (as `todo edit` in an editor).
        if send(.saveUnlessChanged(changes, since: form.task), recording: changes.commandLine(editing: form.task.id)) {
            mode = .browsing
        } else if case .task(let shown)? = screens.showing, (try? app.task(shown.id)) != shown {
            // The form shows what is no longer there: it closes, and opening the task again
            // shows it as it is now (the error stays on the status line).
            mode = .browsing
            screens.dismissFromOutside()
        } else {
            mode = .form(form)  // the error is on the form; nothing was saved
        }
    }

    // MARK: Moving

    /// The rows between the title and the status line: a page.
    var pageRows: Int { max(1, terminal.size.rows - 3) }

    /// As `moveTask`: the window follows the cursor, and a move past the last list stops on it.
    func moveList(by step: Int) {
        let shownTop = listTop
        let wanted = max(listTop + listCursor + step, 0)
        listTop = min(max(listTop, wanted - pageRows + 1), wanted)
        listCursor = wanted - listTop
        selectedList = nil
        readLists(from: listTop)
        if display.lists.isEmpty && listTop > 0 {
            (listTop, listCursor) = (shownTop, .max)
            readLists(from: listTop)
        }
        listCursor = min(listCursor, max(min(display.lists.count, pageRows) - 1, 0))
        selectedList = selectedListShown?.id
    }

    /// Selects the list the last change created, wherever it sorts.
    private func selectCreatedList() {
        guard let list = display.created, let position = try? app.listPosition(of: list.id) else { return }
        (listTop, listCursor, selectedList) = (max(position - pageRows / 2, 0), min(position, pageRows / 2), list.id)
    }

    func moveTask(by step: Int) {
        let shownTop = top
        let wanted = max(top + cursor + step, 0)
        top = min(max(top, wanted - pageRows + 1), wanted)
        cursor = wanted - top
        selectedTask = nil  // chosen again from the rows read at the new place
        loadTasks()  // a cursor past the last row read comes back to it
        if display.tasks.isEmpty && top > 0 {
            // Past the end: the last task, on the page that was shown.
            (top, cursor) = (shownTop, .max)
            loadTasks()
        }
    }

    func resetTodoList() {
        (top, cursor, selectedTask, filter) = (0, 0, nil, [])
    }

    func setFilter(_ words: [String]) {
        filter = words
        (top, cursor, selectedTask) = (0, 0, nil)
    }

    private func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The task the cursor is on, in the rows read last.
    var selectedTaskShown: TodoTask? {
        display.tasks.indices.contains(cursor) ? display.tasks[cursor] : nil
    }
}

/// A message of the navigator's own, shown as an error.
struct UIMessage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
