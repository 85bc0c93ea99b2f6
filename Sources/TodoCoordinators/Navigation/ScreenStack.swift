/// The stack of screens on the terminal: what `UINavigationController` is in the seeds.
///
/// Coordinators `push`/`pop` and `present`/`dismiss`; the screen is not told, since its
/// coordinator already knows. The `…FromOutside` moves stand for the user leaving a screen on
/// their own (the back button, the end of the command), and tell the screen so its coordinator
/// can finish.
public final class ScreenStack {
    public enum Departure: Equatable, Sendable {
        case popped, dismissed
    }

    /// Where screens render.
    public let display: any Display
    public private(set) var stack: [any Screen] = []
    /// The modal screen over the stack, if any.
    public private(set) var presented: (any Screen)?

    public init(display: any Display) {
        self.display = display
    }

    /// What the user sees and what view events go to.
    public var visibleScreen: (any Screen)? { presented ?? stack.last }

    /// What the visible screen shows; nil when there is none.
    public var showing: Showing? { visibleScreen?.showing }

    /// Delivers a view event to the visible screen.
    public func send(_ event: ViewEvent) throws {
        guard let screen = visibleScreen else { throw NavigationError.noScreen }
        try screen.handle(event)
    }

    public func push(_ screen: any Screen) {
        stack.append(screen)
    }

    /// Removes the top screen; the root stays.
    public func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    public func present(_ screen: any Screen) {
        dismissFromOutside()
        presented = screen
    }

    /// Removes the modal screen, then runs `completion` (where the seeds call `childDidFinish`).
    public func dismiss(completion: () -> Void = {}) {
        presented = nil
        completion()
    }

    /// The user went back: the top screen leaves and is told.
    public func popFromOutside() {
        guard stack.count > 1 else { return }
        // A modal is shown over the top screen, so it leaves first rather than outlive its coordinator.
        dismissFromOutside()
        stack.removeLast().didLeave(.popped)
    }

    /// The user closed the modal screen: it leaves and is told.
    public func dismissFromOutside() {
        guard let screen = presented else { return }
        presented = nil
        screen.didLeave(.dismissed)
    }

    /// Leaves every screen but the root, as the user would on their way out.
    public func unwindToRoot() {
        dismissFromOutside()
        while stack.count > 1 { popFromOutside() }
    }
}
