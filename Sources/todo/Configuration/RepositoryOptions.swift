import TodoCore
import TodoSQLite

extension SQLiteTodoRepository.Options {
    /// The options the environment asks for. `TODO_BUSY_TIMEOUT` is how many milliseconds a
    /// command waits for another process's write before it gives up with "the database is busy"
    /// (default 5000). `TODO_HISTORY_LIMIT` is how many changes `todo undo` can reach back
    /// (default 100; 0 records none). Anything but a whole number in range is a usage error.
    /// `TODO_SYNC` is `normal` (the default) or `full`.
    static func from(_ environment: Environment) throws -> SQLiteTodoRepository.Options {
        var options = SQLiteTodoRepository.Options()
        if let milliseconds = try environment.wholeNumber("TODO_BUSY_TIMEOUT", upTo: Int(Int32.max), of: "milliseconds") {
            options.busyTimeoutMilliseconds = Int32(milliseconds)
        }
        if let changes = try environment.wholeNumber("TODO_HISTORY_LIMIT", upTo: maximumHistoryLimit, of: "changes") {
            options.historyLimit = changes
        }
        // TODO_SYNC=full: wait for the disk on every commit, so a power cut loses nothing.
        switch try environment.value("TODO_SYNC") {
        case nil, "normal": break
        case "full": options.syncEveryCommit = true
        case let other?: throw SettingError.invalid(name: "TODO_SYNC", value: other, expected: "normal or full")
        }
        return options
    }

    /// A history longer than this would make each undo's pruning and `todo history` walk more
    /// than anyone reads; a million changes is far past any real need.
    static let maximumHistoryLimit = 1_000_000
}

extension Environment {
    /// A variable holding a whole number from 0 to `maximum`, written in plain digits; nil when
    /// it is unset. Signs, spaces and units are refused so `5s` is never read as 5.
    func wholeNumber(_ name: String, upTo maximum: Int, of unit: String) throws -> Int? {
        guard let text = try value(name) else { return nil }
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(text), number <= maximum
        else {
            throw SettingError.invalid(name: name, value: text, expected: "a whole number of \(unit) (0 to \(maximum))")
        }
        return number
    }
}
