import Testing
import TodoTestSupport
import TodoCoordinators

/// The navigator on its own: a stack with a root that stays, one modal over it, and screens
/// told only when they leave without their coordinator asking.
@Suite struct ScreenStackTests {
    /// A screen that remembers how it was made to leave, into a log shared by several screens.
    final class LoggingScreen: Screen {
        var showing: Showing { .lists }
        let name: String
        let log: Log

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
        }

        func handle(_ event: ViewEvent) throws {
            log.entries.append("\(name) got \(event)")
        }

        func didLeave(_ departure: ScreenStack.Departure) {
            log.entries.append("\(name) \(departure)")
        }
    }

    final class Log {
        var entries: [String] = []
    }

    private func screens(stack names: [String], presenting modal: String? = nil, log: Log) -> ScreenStack {
        let screens = ScreenStack(display: RecordingDisplay())
        for name in names { screens.push(LoggingScreen(name, log: log)) }
        if let modal { screens.present(LoggingScreen(modal, log: log)) }
        return screens
    }

    private func names(_ screens: [any Screen]) -> [String] {
        screens.compactMap { ($0 as? LoggingScreen)?.name }
    }

    @Test func eventsGoToTheModalElseTheTopOfTheStack() throws {
        let log = Log()
        let screens = screens(stack: ["root", "list"], log: log)
        try screens.send(.back)
        screens.present(LoggingScreen("edit", log: log))
        try screens.send(.cancel)

        #expect(log.entries == ["list got back", "edit got cancel"])
    }

    @Test func popAndDismissDoNotTellTheScreen() {
        let log = Log()
        let screens = screens(stack: ["root", "list"], presenting: "edit", log: log)
        var completed = false

        screens.dismiss { completed = screens.presented == nil }
        screens.pop()

        #expect(completed, "the completion runs once the modal is gone")
        #expect(names(screens.stack) == ["root"])
        #expect(log.entries.isEmpty, "the coordinator asked, so it already knows")
    }

    @Test func theRootStaysOnTheStack() {
        let log = Log()
        let screens = screens(stack: ["root"], log: log)

        screens.pop()
        screens.popFromOutside()
        screens.unwindToRoot()

        #expect(names(screens.stack) == ["root"])
        #expect(log.entries.isEmpty)
    }

    @Test func leavingFromOutsideTellsTheScreen() {
        let log = Log()
        let screens = screens(stack: ["root", "list"], presenting: "edit", log: log)

        screens.dismissFromOutside()
        screens.dismissFromOutside()
        screens.popFromOutside()

        #expect(log.entries == ["edit dismissed", "list popped"])
        #expect(screens.presented == nil)
    }

    @Test func presentingOverAModalDismissesItFirst() {
        let log = Log()
        let screens = screens(stack: ["root", "list"], presenting: "first", log: log)

        screens.present(LoggingScreen("second", log: log))

        #expect(log.entries == ["first dismissed"])
        #expect((screens.presented as? LoggingScreen)?.name == "second")
    }

    @Test func unwindingLeavesTheModalThenTheStackFromTheTop() {
        let log = Log()
        let screens = screens(stack: ["root", "a", "b"], presenting: "edit", log: log)

        screens.unwindToRoot()

        #expect(log.entries == ["edit dismissed", "b popped", "a popped"])
        #expect(names(screens.stack) == ["root"])
        #expect(screens.presented == nil)
        #expect((screens.visibleScreen as? LoggingScreen)?.name == "root")
    }
}
