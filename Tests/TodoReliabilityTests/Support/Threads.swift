import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on `count` real threads at once and waits for all of them. Threads, not tasks:
/// each body blocks on child processes, and the cooperative pool has only a thread per core.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}

/// Sleeps for a number of microseconds.
func pause(microseconds: Int) {
    guard microseconds > 0 else { return }
    usleep(UInt32(microseconds))
}
