import Testing
import TodoTestSupport
import TodoCoordinators

/// Sends `event` and expects the visible screen, named `screenName`, to refuse it as an event it
/// does not offer, leaving the navigator as it was.
func expectRefused(
    _ event: ViewEvent, by screenName: String, in screens: ScreenStack,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let visible = screens.visibleScreen
    let stackDepth = screens.stack.count
    let error = #expect(throws: NavigationError.self, sourceLocation: sourceLocation) { try screens.send(event) }
    guard case .unexpectedEvent(let eventName, let screen)? = error else {
        Issue.record("expected unexpectedEvent, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
    }
    #expect(screen == screenName, sourceLocation: sourceLocation)
    #expect(eventName == String(describing: event), sourceLocation: sourceLocation)
    #expect(screens.visibleScreen === visible, sourceLocation: sourceLocation)
    #expect(screens.stack.count == stackDepth, sourceLocation: sourceLocation)
}
