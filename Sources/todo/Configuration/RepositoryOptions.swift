import TodoCore
import TodoSQLite

extension SQLiteTodoRepository.Options {
    /// The options the environment asks for. `TODO_BUSY_TIMEOUT` is how many milliseconds a
    /// command waits for another process's write before it gives up with "the database is busy"
    /// (default 5000); anything but a whole number from 0 to 2147483647 is a usage error.
    /// `TODO_SYNC` is `normal` (the default) or `full`.
    static func from(_ environment: Environment) throws -> SQLiteTodoRepository.Options {
        var options = SQLiteTodoRepository.Options()
        if let text = try environment.value("TODO_BUSY_TIMEOUT") {
            guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let milliseconds = Int32(text)
            else {
                throw SettingError.invalid(name: "TODO_BUSY_TIMEOUT", value: text, expected: "a whole number of milliseconds (0 to 2147483647)")
            }
            options.busyTimeoutMilliseconds = milliseconds
        }
        // TODO_SYNC=full: wait for the disk on every commit, so a power cut loses nothing.
        switch try environment.value("TODO_SYNC") {
        case nil, "normal": break
        case "full": options.syncEveryCommit = true
        case let other?: throw SettingError.invalid(name: "TODO_SYNC", value: other, expected: "normal or full")
        }
        return options
    }
}
