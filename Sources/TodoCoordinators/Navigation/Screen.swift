import TodoCore

/// A terminal screen: it renders through the navigator's display and forwards what the user
/// does to its coordinator. Screens never build other screens or coordinators.
public protocol Screen: AnyObject {
    /// What the screen shows, for a view that draws it whole (`todo ui`): which screen, of what.
    var showing: Showing { get }

    /// Reacts to a view event. An event this screen does not offer is
    /// `NavigationError.unexpectedEvent`.
    func handle(_ event: ViewEvent) throws

    /// Called when the navigator removed this screen without its coordinator asking (the
    /// seeds' `isMovingFromParent` / `isBeingDismissed` in `viewDidDisappear`).
    func didLeave(_ departure: ScreenStack.Departure)
}

extension Screen {
    public func didLeave(_ departure: ScreenStack.Departure) {}

    func unexpected(_ event: ViewEvent) -> NavigationError {
        .unexpectedEvent(String(describing: event), screen: String(describing: type(of: self)))
    }
}

/// Which screen is on show, and of what: the lists, one list's tasks, one task's form, or the
/// tasks of every list (Tasks) or of the days ahead (Agenda).
public enum Showing: Equatable, Sendable {
    case lists
    case tasks(of: TodoList)
    case task(TodoTask)
    case openTasks
    case agenda
}

/// A view event that reached no screen, or a screen that does not offer it: a mistake in how a
/// command was turned into events, never the user's input.
public enum NavigationError: ReportedError, Equatable {
    case noScreen
    case unexpectedEvent(String, screen: String)

    public var description: String {
        switch self {
        case .noScreen: "internal error: no screen is showing"
        case .unexpectedEvent(let event, let screen): "internal error: \(screen) cannot handle \(event)"
        }
    }
}
