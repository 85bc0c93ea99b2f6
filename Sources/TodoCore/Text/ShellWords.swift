/// Words of a command line as the history shows them (`add Groceries 'oat milk'`), written the
/// same way whether the words were typed (the CLI) or a key made the change (`todo ui`), so each
/// entry reads as a command that would make it again.
public enum ShellWords {
    /// The words, each quoted as a shell would need it, one space apart.
    public static func joined(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// A command as it would be typed: its name, its options, then its values, with `--` before
    /// the values when one of them starts with `-` (so it is not read as an option).
    public static func command(_ name: String, options: [String] = [], _ values: [String]) -> String {
        let dash = values.contains { $0.hasPrefix("-") } ? ["--"] : []
        return joined([name] + options + dash + values)
    }

    /// A word as a shell would need it: as it is when it is plain ASCII, else in single quotes.
    /// Works on bytes: it runs on every command that writes.
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: "-_./:+=,@%".utf8.contains(byte)
            }
        }
        return plain ? word : "'" + word.replacingEvery("'", with: "'\\''") + "'"
    }
}
