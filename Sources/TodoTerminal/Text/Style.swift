/// ANSI colour for text output, on only when the manual says so: `--color always`, or `auto` with
/// stdout a terminal and `NO_COLOR` unset. `--no-color` means `--color never`.
public struct Style: Sendable {
    public enum Paint: String, Sendable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", cyan = "36"
    }

    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    public func paint(_ text: String, _ paint: Paint) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(paint.rawValue)m" + text + "\u{1B}[0m" : text
    }
}
