import ArgumentParser
import TodoCore

/// Shell completion of list names: the shell asks `todo` itself, which reads the lists of the
/// database the command line would use (its `--db`, else the usual lookup).
enum ListNameCompletion {
    static let kind = CompletionKind.custom { words, _, prefix in
        // The names the typed text could go on to name: as names match, ignoring ASCII case
        // only and otherwise scalar for scalar (`lowercased()` and `hasPrefix` go further).
        let typed = prefix.utf8.map(asciiLowercased)
        var names: [String] = []
        TodoCommandLine.forEachListName(databaseFlag(in: words)) { name in
            if name.utf8.lazy.map(asciiLowercased).starts(with: typed) { names.append(name) }
        }
        return names
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// The value of `--db PATH` or `--db=PATH` among the words typed so far.
    static func databaseFlag(in words: [String]) -> String? {
        let flag = GlobalOptions.database.name
        for (index, word) in words.enumerated() {
            if word == flag, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(flag + "=") { return String(word.dropFirst(flag.count + 1)) }
        }
        return nil
    }
}
