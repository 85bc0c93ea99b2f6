import TodoTerminal

/// EditTask: one row per field, its label and the text typed so far; the field being typed
/// into is marked, and the cursor shows at the end of its text.
enum FormView {
    static let labelWidth = 10

    static func draw(_ form: EditForm, into frame: inout Frame, at first: Int) {
        for (offset, field) in EditForm.Field.allCases.enumerated() {
            let row = first + 1 + offset
            let focused = field == form.focus
            frame.put((focused ? "▸ " : "  ") + field.label, row: row, column: 1, width: labelWidth + 2, style: focused ? .bold : .dim)
            frame.put(shown(form, field, columns: frame.columns - labelWidth - 5), row: row, column: labelWidth + 4)
        }
        frame.put("Due: 2026-12-01, 2026-12-01T09:30, today, fri, +3d.  Repeat: weekly, 2w, 1m from done.",
                  row: first + 2 + EditForm.Field.allCases.count, column: 3, style: .dim)
    }

    /// Where the cursor goes: after the text of the field being typed into.
    static func cursor(_ form: EditForm, at first: Int) -> (row: Int, column: Int) {
        let index = EditForm.Field.allCases.firstIndex(of: form.focus) ?? 0
        let width = TerminalText.width(TerminalText.safe(shown(form, form.focus, columns: 400)))
        return (first + 1 + index, labelWidth + 4 + width)
    }

    /// The end of a long value stays in view, where the typing happens.
    private static func shown(_ form: EditForm, _ field: EditForm.Field, columns: Int) -> String {
        field == form.focus ? TextCut.tail(form.value(field), columns: max(columns - 1, 1)) : form.value(field)
    }
}
