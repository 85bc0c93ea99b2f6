/// How a stored value appears inside a one-line message (a finding of `todo db check`).
public enum MessageText {
    /// The value quoted, and cut short.
    public static func quoted(_ text: String) -> String {
        "'" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "'"
    }
}
