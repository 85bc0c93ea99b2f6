/// What the environment asks of `todo sync`: the hub's URL with its password (the file keeps it
/// without), and how many ids a file reserves for tasks added offline.
public struct SyncSettings: Equatable, Sendable {
    /// `TODO_SYNC_URL`: the hub to connect to, in place of the URL the link keeps.
    public var url: ServerURL?
    /// `TODO_SYNC_ID_BLOCK`: ids reserved at a time (10,000 unless set).
    public var idBlock = 10_000
    /// `TODO_SYNC_AUTO=on`: each writing command on a linked file syncs after it commits.
    public var auto = false
    /// `TODO_SYNC_TIMEOUT`: seconds that an automatic sync may take to reach the hub, and each of
    /// its statements (2).
    public var timeoutSeconds = 2

    public init(_ environment: Environment) throws {
        if let text = try environment.value("TODO_SYNC_URL") {
            // Not shown: it may hold a password.
            guard let url = ServerURL(text) else { throw SettingError.invalid(name: "TODO_SYNC_URL", value: "…", expected: "a postgres:// URL") }
            self.url = url
        }
        idBlock = try environment.wholeNumber("TODO_SYNC_ID_BLOCK", from: 1, upTo: 1_000_000_000, of: "ids") ?? idBlock
        switch try environment.value("TODO_SYNC_AUTO") {
        case nil, "", "off": auto = false
        case "on": auto = true
        case let other?: throw SettingError.invalid(name: "TODO_SYNC_AUTO", value: other, expected: "on or off")
        }
        timeoutSeconds = try environment.wholeNumber("TODO_SYNC_TIMEOUT", from: 1, upTo: 3600, of: "seconds") ?? timeoutSeconds
    }
}

extension Configuration {
    public func syncSettings() throws -> SyncSettings {
        try SyncSettings(environment)
    }
}
