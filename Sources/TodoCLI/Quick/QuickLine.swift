import TodoCore

/// A command line split into positionals, option values and flags, for the quick parser. It is
/// strict on purpose: anything it is not sure ArgumentParser reads the same way (an unknown
/// option, a repeat of one that does not repeat, a value or positional that starts with `-`
/// before `--`) makes it give up. Repeatable options (`--tag`) may come any number of times: 20,000
/// `--tag`s took ArgumentParser 24 s, each repeat copying the ones before.
///
/// Its few options are kept in arrays, not a dictionary: a line holds a handful, and the first
/// `[String: String]` a process makes costs the Swift runtime a scan of every protocol
/// conformance in the binary (about 40 µs), a tenth of what `todo add` spends in Swift.
struct QuickLine {
    struct GiveUp: Error {}

    private(set) var positionals: [String] = []
    private var values: [(name: String, value: String)] = []
    private var flags: [String] = []
    /// The options that may be repeated: each value is kept, in order, among the others (no new
    /// type here: a generic type a process has not used yet costs it a metadata instantiation).
    private let repeatable: [String]

    /// Splits `arguments` by a command's options: those that take a value take the next argument
    /// (or `--name=value`), flags take none. Each is kept under its long name (`-d` as `--due`).
    init(_ arguments: ArraySlice<String>, _ options: [OptionSpec], repeatable: [String] = []) throws(GiveUp) {
        let (valueOptions, flagOptions) = options.spellings
        positionals.reserveCapacity(arguments.count)
        self.repeatable = repeatable
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            // After `--`, every argument is a positional one, as ArgumentParser reads it.
            if argument == "--" {
                positionals += rest
                break
            }
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            if flagOptions.contains(argument) {
                let long = Self.long(argument, options)
                guard !flags.contains(long) else { throw GiveUp() }
                flags.append(long)
                continue
            }
            let name: String, value: String
            if let (before, after) = Substring(argument).split(atFirst: "="), argument.hasPrefix("--") {
                (name, value) = (String(before), String(after))
            } else {
                name = argument
                guard let next = rest.popFirst(), !next.hasPrefix("-") else { throw GiveUp() }
                value = next
            }
            guard valueOptions.contains(name) else { throw GiveUp() }
            let long = Self.long(name, options)
            guard repeatable.contains(long) || self.value(long) == nil else { throw GiveUp() }
            values.append((long, value))
        }
    }

    /// The long spelling of an option typed as `spelling`.
    private static func long(_ spelling: String, _ options: [OptionSpec]) -> String {
        options.first { $0.names.contains(spelling) }?.name ?? spelling
    }

    /// A flag, by its long spelling (`-q` is kept as `--quiet`).
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An option's value, converted; nil when absent, a give-up when it does not convert.
    func value<T>(_ name: String, _ convert: (String) -> T?) throws(GiveUp) -> T? {
        guard let text = self.value(name) else { return nil }
        guard let value = convert(text) else { throw GiveUp() }
        return value
    }

    func value(_ name: String) -> String? { values.first { $0.name == name }?.value }

    /// A repeatable option's values, in order (one given as not repeatable: at most one).
    func values(_ name: String) -> [String] {
        values.filter { $0.name == name }.map(\.value)
    }

}
