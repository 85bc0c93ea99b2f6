import TodoTerminal

/// EditTask: one row per field, its label and the text typed so far; the field being typed
/// into is marked, and the cursor shows at the end of its text.
enum FormView {
    static let labelWidth = 10

    /// In `rows` rows from `first` (a blank one, then the fields, then a line of examples); in a
    /// window too short for every field, the fields before the one typed into scroll away.
    static func draw(_ form: EditForm, into frame: inout Frame, at first: Int, rows: Int) {
        let skip = skipped(form, rows: rows)
        for (offset, field) in EditForm.Field.allCases.enumerated().dropFirst(skip) {
            let row = first + 1 + offset - skip
            guard row < first + rows else { break }
            let focused = field == form.focus
            frame.put((focused ? "▸ " : "  ") + field.label, row: row, column: 1, width: labelWidth + 2, style: focused ? .bold : .dim)
            frame.put(shown(form, field, columns: frame.columns - labelWidth - 5), row: row, column: labelWidth + 4)
        }
        // On the status line's row when there is room for nothing else: a status draws over it.
        let examples = first + 2 + EditForm.Field.allCases.count - skip
        if skip == 0, examples <= first + rows {
            frame.put("Due: 2026-12-01, 2026-12-01T09:30, today, fri, +3d.  Repeat: weekly, 2w, 1m from done.",
                      row: examples, column: 3, style: .dim)
        }
    }

    /// Where the cursor goes: after the text of the field being typed into.
    static func cursor(_ form: EditForm, at first: Int, rows: Int) -> (row: Int, column: Int) {
        let index = EditForm.Field.allCases.firstIndex(of: form.focus) ?? 0
        let width = TerminalText.width(TerminalText.safe(shown(form, form.focus, columns: 400)))
        return (first + 1 + index - skipped(form, rows: rows), labelWidth + 4 + width)
    }

    /// How many fields scroll away so the one typed into is on the last row there is for them.
    private static func skipped(_ form: EditForm, rows: Int) -> Int {
        max(0, (EditForm.Field.allCases.firstIndex(of: form.focus) ?? 0) - (rows - 2))
    }

    /// The end of a long value stays in view, where the typing happens.
    private static func shown(_ form: EditForm, _ field: EditForm.Field, columns: Int) -> String {
        field == form.focus ? TextCut.tail(form.value(field), columns: max(columns - 1, 1)) : form.value(field)
    }
}
