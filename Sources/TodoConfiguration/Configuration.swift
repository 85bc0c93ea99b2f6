/// Everything todo takes from outside the command line, as one value: which database (the
/// manual's order: `--db`, `TODO_DB`, `./.env`, the XDG data folder) and the environment its
/// settings are read from. A backend's settings are read only when that backend is opened, so a
/// file's setting that todo cannot use never stops a command on a server, nor the other way.
public struct Configuration: Sendable {
    public let location: DatabaseLocation
    public let environment: Environment

    /// The configuration for a command given `--db` as `databaseFlag` (nil when it was not).
    public static func resolve(databaseFlag: String?, environment: Environment = .process,
                               dotEnvPath: String = ".env") throws -> Configuration {
        Configuration(location: try DatabaseLocation.resolve(flag: databaseFlag, environment: environment, dotEnvPath: dotEnvPath),
                      environment: environment)
    }

    /// A file's settings (also those of the new file a server's backup writes).
    public func fileSettings() throws -> FileSettings {
        try FileSettings(environment)
    }

    public func serverSettings() throws -> ServerSettings {
        try ServerSettings(environment)
    }

    /// Whether `NO_COLOR` asks for no colour, whatever the terminal.
    public var forbidsColour: Bool { environment.isSet("NO_COLOR") }
}
