/// The bytes that turn what the terminal shows (`old`) into `new`: only the cells that changed,
/// so a keypress writes a line or two, not the screen. Each frame is one synchronized update
/// (`CSI ? 2026 h` … `l`), so terminals that know it never show half a frame.
public enum FrameWriter {
    public static func update(from old: Frame?, to new: Frame, colour: Bool) -> String {
        var out = "\u{1B}[?2026h\u{1B}[?25l"
        let whole = old == nil || old?.rows != new.rows || old?.columns != new.columns
        if whole { out += "\u{1B}[0m\u{1B}[2J" }
        var style: CellStyle = []
        out += "\u{1B}[0m"
        for row in 0..<new.rows {
            var column = 0
            var cursorAt: Int?  // where the terminal's cursor is on this row, if known
            while column < new.columns {
                let cell = new[row, column]
                if !whole, let old, old[row, column] == cell {
                    column += 1
                    continue
                }
                if cell.text.isEmpty {  // the right half of a wide character drawn before it
                    column += 1
                    continue
                }
                if cursorAt != column { out += "\u{1B}[\(row + 1);\(column + 1)H" }
                if cell.style != style {
                    out += sgr(cell.style, colour: colour)
                    style = cell.style
                }
                out += cell.text
                let width = column + 1 < new.columns && new[row, column + 1].text.isEmpty ? 2 : 1
                column += width
                cursorAt = column
            }
        }
        out += "\u{1B}[0m"
        if let (row, column) = new.cursor {
            out += "\u{1B}[\(row + 1);\(column + 1)H\u{1B}[?25h"
        }
        return out + "\u{1B}[?2026l"
    }

    private static func sgr(_ style: CellStyle, colour: Bool) -> String {
        var codes = ["0"]
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) && colour { codes.append("2") }
        if style.contains(.reverse) { codes.append("7") }
        if style.contains(.red) && colour { codes.append("31") }
        if style.contains(.green) && colour { codes.append("32") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
