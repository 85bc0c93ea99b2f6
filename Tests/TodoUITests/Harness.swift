import TodoCoordinators
import TodoCore
import TodoTestSupport
import TodoUI

/// One `todo ui` on the in-memory terminal over a real database of its own, built as the composition
/// root builds it: the screens, coordinators and view events are the real ones.
final class Harness {
    static let today = CivilDate(year: 2026, month: 11, day: 23)!

    let database: ScratchDatabase
    var repository: any TodoRepository { database.repository }
    let terminal: MemoryTerminal
    /// The screens of the tab on show.
    var screens: ScreenStack { app.screens }
    let app: AppCoordinator
    let ui: NavigatorApp

    init(rows: Int = 12, columns: Int = 64, _ setUp: (any TodoRepository) throws -> Void = Harness.sample,
         defaultList: @escaping () throws -> String = { "Inbox" }) throws {
        database = try ScratchDatabase()
        let repository = database.repository
        try repository.write { try setUp(repository) }
        terminal = MemoryTerminal(rows: rows, columns: columns)
        let display = NavigatorDisplay()
        app = AppCoordinator(display: display, repository: repository, today: { Harness.today })
        app.start()
        ui = NavigatorApp(terminal: terminal, app: app, display: display, today: { Harness.today }, defaultList: defaultList)
        try ui.start()
    }

    /// Home: water (overdue, tagged, repeating), call (with a time), a done one; Work: one task.
    static func sample(_ repository: any TodoRepository) throws {
        let home = try repository.createList(named: "Home")
        let work = try repository.createList(named: "Work")
        _ = try repository.addTask(TaskDraft(title: "water the ferns", due: Due(text: "2026-11-20"), tags: ["garden"],
                                             repeatRule: RepeatRule(text: "1w")), to: home.id)
        _ = try repository.addTask(TaskDraft(title: "call mum", due: Due(text: "2026-11-25T18:30"), priority: .high), to: home.id)
        let done = try repository.addTask(TaskDraft(title: "old chore"), to: home.id)
        _ = try repository.setDone(true, task: done.id, in: home.id)
        _ = try repository.addTask(TaskDraft(title: "report"), to: work.id)
    }

    func press(_ keys: Key...) throws {
        for key in keys { try ui.press(key) }
    }

    func type(_ text: String) throws {
        for character in text { try ui.press(.character(character)) }
    }

    /// The screen's rows, trailing spaces dropped.
    var lines: [String] {
        (terminal.screen?.lines ?? []).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The screen as one text, for comparing with a snapshot.
    var text: String { lines.joined(separator: "\n") }

    /// The row on which `text` appears, if any.
    func row(containing text: String) -> Int? { lines.firstIndex { $0.contains(text) } }

    /// Whether that row is drawn reversed (the selection).
    func isSelected(_ text: String) -> Bool {
        guard let row = row(containing: text), let screen = terminal.screen else { return false }
        return screen[row, 2].style.contains(.reverse)
    }
}
