import Foundation
import Testing
import TodoConfiguration
import TodoCore
import TodoTestSupport

/// Where the database is, in the manual's order, and which settings each backend reads: the
/// library on its own, with an environment and a `.env` made for each case.
struct ConfigurationTests {
    private let directory: TemporaryDirectory
    private var dotEnv: String { directory.path(".env") }

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func resolve(flag: String? = nil, _ variables: [String: String] = [:], dotEnv text: String? = nil) throws -> Configuration {
        try? FileManager.default.removeItem(atPath: dotEnv)
        if let text { try text.write(toFile: dotEnv, atomically: false, encoding: .utf8) }
        return try Configuration.resolve(databaseFlag: flag, environment: Environment(variables), dotEnvPath: dotEnv)
    }

    @Test func theFlagThenTODO_DBThenDotEnvThenXDGThenHome() throws {
        let all = ["TODO_DB": "/e.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"]
        let dotEnv = "TODO_DB=/dotenv.db\n"
        #expect(try resolve(flag: "/f.db", all, dotEnv: dotEnv).location == DatabaseLocation(path: "/f.db", source: .flag))
        #expect(try resolve(all, dotEnv: dotEnv).location == DatabaseLocation(path: "/e.db", source: .environment))
        #expect(try resolve(all.filter { $0.key != "TODO_DB" }, dotEnv: dotEnv).location == DatabaseLocation(path: "/dotenv.db", source: .dotEnv))
        #expect(try resolve(["XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"]).location
            == DatabaseLocation(path: "/xdg/todo/todo.db", source: .xdgDataHome))
        // A relative XDG_DATA_HOME is ignored, as the XDG spec says.
        #expect(try resolve(["XDG_DATA_HOME": "xdg", "HOME": "/home/ann"]).location
            == DatabaseLocation(path: "/home/ann/.local/share/todo/todo.db", source: .home))
    }

    @Test func namesSQLiteWouldNotReadAsAFileAreRefusedFromEverySource() throws {
        for name in [":memory:", "file:x.db?mode=memory"] {
            for (flag, variables, dotEnv) in [(name, [:], nil), (nil, ["TODO_DB": name], nil), (nil, [:], "TODO_DB=\(name)\n")] {
                #expect {
                    try resolve(flag: flag, variables, dotEnv: dotEnv)
                } throws: { error in
                    guard case SettingError.refusedLocation(name, _) = error else { return false }
                    return (error as? SettingError)?.exitStatus == ExitStatus.failure
                }
            }
        }
        #expect(throws: SettingError.self) { try resolve(flag: "") }
    }

    @Test func aServerURLIsKnownInEveryBuildAndShownWithoutItsPassword() throws {
        let location = try resolve(flag: "postgres://ann:secret@hub/todo").location
        #expect(location.server?.text == "postgres://ann:secret@hub/todo")
        #expect(location.shown == "postgres://ann@hub/todo")
        #expect(try resolve(flag: "./postgres.db").location.server == nil)
    }

    @Test func aFileReadsItsOwnSettings() throws {
        let settings = try resolve(flag: "/f.db", ["TODO_BUSY_TIMEOUT": "250", "TODO_HISTORY_LIMIT": "0", "TODO_SYNC": "full"]).fileSettings()
        #expect(settings.busyTimeoutMilliseconds == 250 && settings.historyLimit == 0 && settings.syncEveryCommit)
        #expect(try resolve(flag: "/f.db").fileSettings() == FileSettings(), "nothing set: every default is the repository's")
        #expect(throws: SettingError.invalid(name: "TODO_SYNC", value: "sometimes", expected: "normal or full")) {
            try resolve(flag: "/f.db", ["TODO_SYNC": "sometimes"]).fileSettings()
        }
        for bad in ["5s", "-1", " 5", "2147483648"] {
            #expect(throws: SettingError.self) { try resolve(flag: "/f.db", ["TODO_BUSY_TIMEOUT": bad]).fileSettings() }
        }
    }

    /// A file's settings that todo cannot use are no reason to refuse a server, and the other
    /// way round: each backend reads only its own (and the history's bound, which both have).
    @Test func eachBackendReadsOnlyItsOwnSettings() throws {
        let server = try resolve(flag: "postgres://hub/todo", ["TODO_SYNC": "sometimes", "TODO_BUSY_TIMEOUT": "soon",
                                                               "TODO_PG_STATEMENT_TIMEOUT": "7", "TODO_HISTORY_LIMIT": "3"])
        let settings = try server.serverSettings()
        #expect(settings.statementTimeoutSeconds == 7 && settings.historyLimit == 3 && settings.connectTimeoutSeconds == nil)
        #expect(throws: SettingError.self) { try server.fileSettings() }

        let file = try resolve(flag: "/f.db", ["TODO_PG_CONNECT_TIMEOUT": "never"])
        #expect(try file.fileSettings() == FileSettings())
        #expect(throws: SettingError.self) { try file.serverSettings() }
        #expect(throws: SettingError.self) { try resolve(flag: "/f.db", ["TODO_HISTORY_LIMIT": "1000001"]).serverSettings() }
    }

    /// A sync setting out of range says the range it has: 0 is refused as -1 is, and both say
    /// "1 to" (0 used to say "from 1" and -1 "0 to").
    @Test func syncSettingsOutOfRangeSayTheirRange() throws {
        for (name, range) in [("TODO_SYNC_TIMEOUT", "(1 to 3600)"), ("TODO_SYNC_ID_BLOCK", "(1 to 1000000000)")] {
            for bad in ["0", "-1", "abc", "99999999999"] {
                let error = #expect(throws: SettingError.self) { try resolve(flag: "/f.db", [name: bad]).syncSettings() }
                #expect(error?.description.contains(range) == true, "\(name)=\(bad): \(error?.description ?? "")")
            }
        }
        #expect(try resolve(flag: "/f.db", ["TODO_SYNC_TIMEOUT": "1", "TODO_SYNC_ID_BLOCK": "1"]).syncSettings().timeoutSeconds == 1)
    }

    @Test func libpqsDefaultsFillWhatAURLLeavesOut() throws {
        let settings = try resolve(flag: "postgres://hub/todo", ["PGUSER": "ann", "USER": "bob", "PGPASSWORD": "pw",
                                                                 "PGSSLROOTCERT": "/ca.crt"]).serverSettings()
        #expect(settings.fallbackUser == "ann" && settings.fallbackPassword == "pw" && settings.fallbackRootCertificate == "/ca.crt")
        #expect(try resolve(flag: "postgres://hub/todo", ["USER": "bob"]).serverSettings().fallbackUser == "bob")
        // The usual root.crt counts only when it is there.
        try FileManager.default.createDirectory(atPath: directory.path(".postgresql"), withIntermediateDirectories: true)
        #expect(try resolve(flag: "postgres://hub/todo", ["HOME": directory.path]).serverSettings().fallbackRootCertificate == nil)
        try "".write(toFile: directory.path(".postgresql/root.crt"), atomically: false, encoding: .utf8)
        #expect(try resolve(flag: "postgres://hub/todo", ["HOME": directory.path]).serverSettings().fallbackRootCertificate
            == directory.path(".postgresql/root.crt"))
    }

    @Test func valuesThatAreNotUTF8AreRefusedNotRepaired() throws {
        let environment = Environment { $0 == "TODO_DB" ? [0x2F, 0xFF, 0x2E] : nil }
        #expect(throws: SettingError.notUTF8(name: "TODO_DB")) {
            try Configuration.resolve(databaseFlag: nil, environment: environment, dotEnvPath: dotEnv)
        }
        #expect(SettingError.notUTF8(name: "TODO_DB").exitStatus == ExitStatus.usage)
    }

    @Test func noColourIsSaid() throws {
        #expect(try resolve(flag: "/f.db", ["NO_COLOR": "1"]).forbidsColour)
        #expect(try !resolve(flag: "/f.db", ["NO_COLOR": ""]).forbidsColour, "set but empty counts as unset, as no-color.org says")
    }
}
