import TodoConfiguration
import TodoSQLite
#if PostgreSQL
import TodoPostgres
#endif

extension SQLiteTodoRepository.Options {
    /// The repository's options, with what the environment set in place of their defaults.
    init(_ settings: FileSettings) {
        self.init()
        if let milliseconds = settings.busyTimeoutMilliseconds { busyTimeoutMilliseconds = milliseconds }
        if let changes = settings.historyLimit { historyLimit = changes }
        syncEveryCommit = settings.syncEveryCommit
    }
}

#if PostgreSQL
extension PostgresTodoRepository.Options {
    init(_ settings: ServerSettings) {
        self.init()
        if let changes = settings.historyLimit { historyLimit = changes }
        if let seconds = settings.statementTimeoutSeconds { statementTimeoutSeconds = seconds }
        if let seconds = settings.connectTimeoutSeconds { connectTimeoutSeconds = seconds }
        fallbackUser = settings.fallbackUser
        fallbackPassword = settings.fallbackPassword
        fallbackRootCertificate = settings.fallbackRootCertificate
    }
}
#endif
