import ArgumentParser
import TodoCore

/// Shell completion of list names: the shell asks `todo` itself, which reads the lists of the
/// database the command line would use (its `--db`, else the usual lookup).
enum ListNameCompletion {
    static let kind = CompletionKind.custom { words, _, prefix in
        let names = TodoCommandLine.listNames(databaseFlag(in: words))
        let typed = prefix.lowercased()
        return names.filter { $0.lowercased().hasPrefix(typed) }
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
