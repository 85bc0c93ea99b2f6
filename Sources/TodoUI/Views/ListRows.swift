import TodoCore
import TodoTerminal

/// MainList: one row per list, its name and its counts, the selected row reversed.
enum ListRows {
    static func draw(_ lists: [TodoList], cursor: Int, into frame: inout Frame, at first: Int, rows: Int) {
        guard !lists.isEmpty else {
            frame.put("No lists yet. Press a to make one.", row: first + 1, column: 2, style: .dim)
            return
        }
        // Scrolled so the selected row is on screen.
        let start = max(0, min(cursor - rows + 1, lists.count - rows))
        let nameWidth = min(lists.map { TerminalText.width(TerminalText.safe($0.name)) }.max() ?? 0, frame.columns / 2)
        for (offset, list) in lists.dropFirst(start).prefix(rows).enumerated() {
            let row = first + offset
            frame.put(list.name, row: row, column: 2, width: nameWidth, style: .bold)
            let counts = "\(list.openCount) open  \(list.doneCount) done"
            frame.put(counts, row: row, column: 4 + nameWidth, style: list.openCount == 0 ? .dim : [])
            if start + offset == cursor { frame.paint(row: row, style: .reverse) }
        }
    }
}
