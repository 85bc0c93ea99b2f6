import Synchronization

/// A clock the test sets by hand, so timestamps written by a repository can be predicted.
public final class TestClock: Sendable {
    private let current: Mutex<String>

    public init(_ start: String = "2026-01-01T10:00:00Z") { current = Mutex(start) }

    public var now: String {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
