#if PostgreSQL
import TodoConfiguration

extension PostgresTodoRepository.Options {
    /// The options, with what the environment set (`ServerSettings`) in place of their defaults.
    public init(_ settings: ServerSettings) {
        self.init()
        if let changes = settings.historyLimit { historyLimit = changes }
        if let seconds = settings.statementTimeoutSeconds { statementTimeoutSeconds = seconds }
        if let seconds = settings.connectTimeoutSeconds { connectTimeoutSeconds = seconds }
        fallbackUser = settings.fallbackUser
        fallbackPassword = settings.fallbackPassword
        fallbackRootCertificate = settings.fallbackRootCertificate
        passwordFile = settings.passwordFile
    }
}
#endif
