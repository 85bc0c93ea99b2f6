extension [String] {
    /// The strings one after another with `separator` between them: `joined(separator:)` for an
    /// array of strings, without the standard library's generic path. That one looks up
    /// `Sequence.Element` at run time the first time it runs, which costs a scan of every protocol
    /// conformance in the binary, about a twentieth of a `todo add`.
    public func joined(by separator: String) -> String {
        var text = ""
        for (index, part) in enumerated() {
            if index > 0 { text += separator }
            text += part
        }
        return text
    }
}
