import Testing
import TodoTestSupport
import TodoCoordinators

/// The navigator on its own: a stack with a root that stays, one modal over it, and screens
/// told only when they leave without their coordinator asking.
@Suite struct NavigatorTests {
    /// A screen that remembers how it was made to leave, into a log shared by several screens.
    final class LoggingScreen: Screen {
        let name: String
        let log: Log

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
        }

        func handle(_ event: ViewEvent) throws {
            log.entries.append("\(name) got \(event)")
        }

        func didLeave(_ departure: Navigator.Departure) {
            log.entries.append("\(name) \(departure)")
        }
    }

    final class Log {
        var entries: [String] = []
    }

    private func navigator(stack names: [String], presenting modal: String? = nil, log: Log) -> Navigator {
        let navigator = Navigator(display: RecordingDisplay())
        for name in names { navigator.push(LoggingScreen(name, log: log)) }
        if let modal { navigator.present(LoggingScreen(modal, log: log)) }
        return navigator
    }

    private func names(_ screens: [any Screen]) -> [String] {
        screens.compactMap { ($0 as? LoggingScreen)?.name }
    }

    @Test func eventsGoToTheModalElseTheTopOfTheStack() throws {
        let log = Log()
        let navigator = navigator(stack: ["root", "list"], log: log)
        try navigator.send(.back)
        navigator.present(LoggingScreen("edit", log: log))
        try navigator.send(.cancel)

        #expect(log.entries == ["list got back", "edit got cancel"])
    }

    @Test func popAndDismissDoNotTellTheScreen() {
        let log = Log()
        let navigator = navigator(stack: ["root", "list"], presenting: "edit", log: log)
        var completed = false

        navigator.dismiss { completed = navigator.presented == nil }
        navigator.pop()

        #expect(completed, "the completion runs once the modal is gone")
        #expect(names(navigator.stack) == ["root"])
        #expect(log.entries.isEmpty, "the coordinator asked, so it already knows")
    }

    @Test func theRootStaysOnTheStack() {
        let log = Log()
        let navigator = navigator(stack: ["root"], log: log)

        navigator.pop()
        navigator.popFromOutside()
        navigator.unwindToRoot()

        #expect(names(navigator.stack) == ["root"])
        #expect(log.entries.isEmpty)
    }

    @Test func leavingFromOutsideTellsTheScreen() {
        let log = Log()
        let navigator = navigator(stack: ["root", "list"], presenting: "edit", log: log)

        navigator.dismissFromOutside()
        navigator.dismissFromOutside()
        navigator.popFromOutside()

        #expect(log.entries == ["edit dismissed", "list popped"])
        #expect(navigator.presented == nil)
    }

    @Test func presentingOverAModalDismissesItFirst() {
        let log = Log()
        let navigator = navigator(stack: ["root", "list"], presenting: "first", log: log)

        navigator.present(LoggingScreen("second", log: log))

        #expect(log.entries == ["first dismissed"])
        #expect((navigator.presented as? LoggingScreen)?.name == "second")
    }

    @Test func unwindingLeavesTheModalThenTheStackFromTheTop() {
        let log = Log()
        let navigator = navigator(stack: ["root", "a", "b"], presenting: "edit", log: log)

        navigator.unwindToRoot()

        #expect(log.entries == ["edit dismissed", "b popped", "a popped"])
        #expect(names(navigator.stack) == ["root"])
        #expect(navigator.presented == nil)
        #expect((navigator.visibleScreen as? LoggingScreen)?.name == "root")
    }
}
