import TodoConfiguration

extension SQLiteTodoRepository.Options {
    /// The options, with what the environment set (`FileSettings`) in place of their defaults.
    public init(_ settings: FileSettings) {
        self.init()
        if let milliseconds = settings.busyTimeoutMilliseconds { busyTimeoutMilliseconds = milliseconds }
        if let changes = settings.historyLimit { historyLimit = changes }
        syncEveryCommit = settings.syncEveryCommit
    }
}
