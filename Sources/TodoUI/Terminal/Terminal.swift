/// Where the navigator draws and reads keys: the real terminal in raw mode, or a terminal in
/// memory for tests. Nothing above this knows about escape sequences or termios.
public protocol Terminal: AnyObject {
    /// Rows and columns now (they change when the window is resized).
    var size: (rows: Int, columns: Int) { get }
    /// Shows `frame`, writing only what differs from the frame shown before.
    func show(_ frame: Frame) throws
    /// The next key, waiting at most `milliseconds`; nil when none came (or the window was
    /// resized, which also ends the wait).
    func nextKey(waitingAtMost milliseconds: Int) throws -> Key?
}

/// A terminal in memory: keys are queued by the test, frames are kept to be compared.
public final class MemoryTerminal: Terminal {
    public var size: (rows: Int, columns: Int)
    public private(set) var frames: [Frame] = []
    public var keys: [Key] = []

    public init(rows: Int, columns: Int) {
        size = (rows, columns)
    }

    /// The last frame shown.
    public var screen: Frame? { frames.last }

    public func show(_ frame: Frame) throws {
        if frame != frames.last { frames.append(frame) }
    }

    public func nextKey(waitingAtMost milliseconds: Int) throws -> Key? {
        keys.isEmpty ? nil : keys.removeFirst()
    }
}
