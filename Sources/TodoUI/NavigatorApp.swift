import TodoCoordinators
import TodoCore

/// `todo ui`: keys become the view events the CLI sends, delivered through the same ScreenStack to
/// the same screens; the user leaving a screen is `popFromOutside`/`dismissFromOutside`, so
/// coordinators finish as in the seeds. What only a full-screen view has (the selection, a
/// prompt, a question, help) is kept here; the views draw it all into a frame.
public final class NavigatorApp {
    let terminal: any Terminal
    let display: NavigatorDisplay
    /// For what the screens do not do: one write per change, and noticing other writers.
    let app: AppCoordinator
    var screens: ScreenStack { app.screens }
    let today: Today
    /// The list a task added on the Tasks tab goes to (`TODO_DEFAULT_LIST`, else Inbox), read when
    /// it is added: a name that cannot be used is said then.
    let defaultList: () throws -> String

    /// What the keys go to besides the screen.
    enum Mode {
        case browsing
        case prompt(Prompt)
        case confirm(Question)
        case help
        case form(EditForm)
    }

    struct Prompt {
        /// `filter`: the words it had before, which Esc goes back to. `addTaskTo`: a task for the
        /// list named (the Tasks tab's quick capture).
        enum Purpose { case newList, renameList(String), addTask, addTaskTo(String), filter(before: [String]) }
        let purpose: Purpose
        let label: String
        var text: String
    }

    struct Question {
        let text: String
        let event: ViewEvent
        let command: String
    }

    var mode: Mode = .browsing
    /// What the last key did (or why it could not), on the status line.
    var status: String?
    var statusIsError = false
    /// Where each tab was left (its windows and filter), in `Tab.allCases` order: the screens
    /// are kept by each tab's stack, what only a full-screen view has is kept here.
    var places = Tab.allCases.map { _ in Place() }
    public private(set) var isFinished = false
    /// Set when the run ended because another file is at the database's path now: the caller
    /// opens that one and starts again.
    public private(set) var reopens = false
    /// The database's file was deleted or moved away: said once, and nothing is written to it.
    private var saidGone = false
    /// Another file was put at the path while a form or a prompt was open: the view is started
    /// again on that file only once the user leaves it (nothing typed is saved), so that what
    /// is being typed never lands on another screen as keys (the rest of a title ran D, y).
    private var replacedWhileTyping = false
    /// The size the last frame was drawn for.
    var drawnSize = (rows: 0, columns: 0)
    private var seenVersion: Int64 = 0

    /// `app` is the AppCoordinator over `screens`, built with the repository; `display` is the
    /// one `screens` was built with: the screens render into it.
    public init(terminal: any Terminal, app: AppCoordinator, display: NavigatorDisplay, today: @escaping Today,
                defaultList: @escaping () throws -> String = { "Inbox" }) {
        self.terminal = terminal
        self.app = app
        self.display = display
        self.today = today
        self.defaultList = defaultList
    }

    /// Shows the first frame (with `message` on the status line), then handles keys until the
    /// user quits, or until another file is at the database's path (`reopens`). Every 250 ms
    /// without a key it asks whether another process changed the data, and draws again if so.
    public func run(saying message: String? = nil) throws {
        status = message
        try start()
        while !isFinished {
            if let key = try terminal.nextKey(waitingAtMost: 250) {
                try handle(key)
                // Keys already typed (a paste) are handled before the next frame is drawn: one
                // frame, and one search of a filter, for all of them. Drawn per key, a paste of
                // 2,000 characters into the filter took 20 s.
                while !isFinished, let more = try terminal.nextKey(waitingAtMost: 0) { try handle(more) }
                if !isFinished { try draw() }
            } else {
                try refreshIfChanged()
            }
        }
    }

    /// The first frame.
    public func start() throws {
        seenVersion = try app.dataVersion()
        try draw()
    }

    /// Draws again when another process wrote since the last look (or the window changed size).
    /// A database file deleted or replaced under the view is noticed here (see `noticeGone`).
    public func refreshIfChanged() throws {
        let version: Int64
        do {
            version = try app.dataVersion()
        } catch TodoError.databaseGone(let path, let replaced) {
            return try noticeGone(path: path, replaced: replaced)
        }
        if saidGone {
            saidGone = false
            status = "The database file is back; changes are saved again"
            statusIsError = false
            return try draw()
        }
        guard version != seenVersion || terminal.size != drawnSize else { return }
        if version != seenVersion { reloadShownList() }
        seenVersion = version
        // Drawing re-reads only the rows on screen; an unchanged frame writes nothing.
        try draw()
    }

    /// Handles one key and draws the result.
    public func press(_ key: Key) throws {
        try handle(key)
        if !isFinished { try draw() }
    }

    /// Handles one key. In a window too small to show anything, only quitting is: a key acted
    /// on there (D, then y) did what no one could see.
    func handle(_ key: Key) throws {
        if key == .control("c") { return quit() }
        // Redraw (the terminal draws the next frame whole): nothing else, in any mode.
        if key == .control("l") { return }
        if windowTooSmall {
            if key == .character("q") { quit() }
            return
        }
        statusIsError = false
        switch mode {
        case .help: mode = .browsing
        case .prompt(let prompt): handlePrompt(prompt, key)
        case .confirm(let question): answer(question, key)
        case .form(let form): handleForm(form, key)
        case .browsing:
            status = nil
            handleBrowsing(key)
        }
        if replacedWhileTyping && !isTyping {
            reopens = true
            quit()
        }
    }

    /// A form or a prompt is open: what is typed is text, not commands.
    private var isTyping: Bool {
        switch mode {
        case .form, .prompt: true
        case .browsing, .confirm, .help: false
        }
    }

    // MARK: Events

    /// Sends a view event to the visible screen; a change is one transaction, recorded in the
    /// history as `command`. A failure is shown on the status line, and changed nothing.
    @discardableResult
    func send(_ event: ViewEvent, recording command: String? = nil) -> Bool {
        display.clear()
        do {
            if let command {
                try app.change(event, recording: command)
            } else {
                try screens.send(event)
            }
            // A change says what it did (undo too, which is its own transaction); a read says nothing.
            if let message = display.message { status = message }
            return true
        } catch {
            fail(error)
            return false
        }
    }

    /// Another process changed the data: a list on show is read again, so a rename shows (and
    /// a task added is recorded under the name it has now); a list deleted is left, and said.
    private func reloadShownList() {
        guard case .tasks? = screens.showing else { return }
        do {
            try screens.send(.reloadList)
        } catch TodoError.listGone {
            leaveList()
            status = "The list was deleted by another command"
            statusIsError = true
        } catch {
            fail(error)
        }
    }

    /// The path no longer names the open file. Another file there is opened in its place (the
    /// run ends with `reopens`); with nothing there the view stays as it was, says so once, and
    /// every change is refused (the repository checks before it commits) until a file is back.
    func noticeGone(path: String, replaced: Bool) throws {
        if replaced && isTyping {
            guard !replacedWhileTyping else { return }
            replacedWhileTyping = true
            sayReplacedWhileTyping()
            return try draw()
        }
        if replaced {
            reopens = true
            return quit()
        }
        guard !saidGone else { return }
        saidGone = true
        sayGone()
        try draw()
    }

    private func sayReplacedWhileTyping() {
        status = "Error: another database file is at the path: nothing typed here is saved"
        statusIsError = true
    }

    /// One line, short enough for the status line whatever the path.
    private func sayGone() {
        status = "Error: the database file was deleted or moved away; nothing is saved until one is there again (q quits)"
        statusIsError = true
    }

    func fail(_ error: any Error) {
        if case TodoError.databaseGone(let path, let replaced) = error {
            saidGone = true
            if replaced {
                try? noticeGone(path: path, replaced: true)
                if replacedWhileTyping { return sayReplacedWhileTyping() }
                if isFinished { return }
            }
            return sayGone()
        }
        status = "Error: " + ServerPasswords.hidden(in: (error as? any CustomStringConvertible)?.description ?? "\(error)")
        statusIsError = true
    }

    /// Leaves `todo ui`: every tab's screens leave and their coordinators finish.
    func quit() {
        isFinished = true
        app.finish()
    }
}
