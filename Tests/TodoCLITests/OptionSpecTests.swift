import ArgumentParser
import Foundation
import Testing
@testable import TodoCLI

/// Each command's `optionSpecs` (what the quick parser, the leading-option move and messages read
/// lines by) list exactly the options its ArgumentParser definitions accept, spelled the same and
/// taking a value the same way: an option added to a command and not to its list fails here.
@Suite struct OptionSpecTests {
    /// What ArgumentParser says of a command (`--experimental-dump-help`), as far as options go.
    struct Dump: Decodable {
        struct Command: Decodable {
            let commandName: String
            let arguments: [Argument]?
        }

        struct Argument: Decodable {
            struct Name: Decodable {
                let kind: String
                let name: String
            }

            let kind: String
            let names: [Name]?
            let isRepeating: Bool?
        }

        let command: Command
    }

    /// Every command that turns into an invocation, however deep.
    static var commands: [any InvokingCommand.Type] {
        func walk(_ command: any ParsableCommand.Type) -> [any InvokingCommand.Type] {
            [command as? any InvokingCommand.Type].compactMap { $0 } + command.configuration.subcommands.flatMap(walk)
        }
        return walk(TodoCommand.self)
    }

    @Test func everyCommandIsCovered() {
        #expect(Self.commands.count == 28)
    }

    @Test func everyCommandListsExactlyTheOptionsArgumentParserAccepts() throws {
        for command in Self.commands {
            let dump = try JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8))
            var declared: Set<OptionSpec> = []
            for argument in dump.command.arguments ?? [] where argument.kind != "positional" {
                let names = (argument.names ?? []).map { ($0.kind == "long" ? "--" : "-") + $0.name }
                // ArgumentParser's own, on every command.
                if names.contains("--help") || names.contains("--version") { continue }
                declared.insert(OptionSpec(names: names, takesValue: argument.kind == "option"))
            }
            #expect(Set(command.optionSpecs) == declared, "\(dump.command.commandName)")
            #expect(command.optionSpecs.count == declared.count, "\(dump.command.commandName) lists an option twice")
        }
    }

    /// `DashArguments` reads a value that starts with `-` as a positional one only while the
    /// command still expects one: each command's count must be ArgumentParser's.
    @Test func everyCommandStatesHowManyPositionalValuesItTakes() throws {
        for command in Self.commands {
            let dump = try JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8))
            let positionals = (dump.command.arguments ?? []).filter { $0.kind == "positional" }
            let expected = positionals.contains { $0.isRepeating == true } ? Int.max : positionals.count
            #expect(command.positionalCount == expected, "\(dump.command.commandName)")
        }
    }
}
