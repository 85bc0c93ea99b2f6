/// The rules CLI.md gives for names and titles: surrounding whitespace is trimmed, and what is
/// left must not be empty.
public enum Names {
    /// The trimmed text, or nil when nothing but whitespace was given.
    public static func trimmed(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        return String(scalars[first...last])
    }
}
