/// ANSI colour for text output, on only when CLI.md says so: `--color always`, or `auto` with
/// stdout a terminal and `NO_COLOR` unset. `--no-color` means `--color never`.
struct Style {
    enum Paint: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", cyan = "36"
    }

    let isEnabled: Bool

    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    init(_ settings: Settings, environment: Environment, output: StandardOutput) {
        switch settings.color {
        case .always: isEnabled = true
        case .never: isEnabled = false
        case .auto: isEnabled = output.isTerminal && !environment.isSet("NO_COLOR")
        }
    }

    func paint(_ text: String, _ paint: Paint) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(paint.rawValue)m" + text + "\u{1B}[0m" : text
    }
}
