/// A command line as text, for the history: `done 1 2 3`, `add Groceries 'oat milk'`.
enum CommandLineText {
    /// What was typed after `todo`, without the options every command has (`--db`, `--json`,
    /// colour) or every write has (`-q`, `--dry-run`): they say where and how, not what changed.
    static func forHistory(_ arguments: [String]) -> String {
        let dropped = GlobalOptions.optionSpecs + WriteOptions.optionSpecs
        var words: [String] = []
        var rest = arguments[...]
        while let word = rest.popFirst() {
            if word == "--" {
                words += rest.map(quoted)
                break
            }
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if let spec = dropped.first(where: { $0.names.contains(name) }) {
                if spec.takesValue && !word.contains("=") { _ = rest.popFirst() }
                continue
            }
            words.append(quoted(word))
        }
        return words.joined(separator: " ")
    }

    /// A word as a shell would need it: as it is when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./:+=,@%".unicodeScalars.contains($0)) && $0.value > 0x20
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
