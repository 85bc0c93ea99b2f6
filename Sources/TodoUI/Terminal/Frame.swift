import TodoTerminal

/// How a cell is drawn.
public struct CellStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellStyle(rawValue: 1)
    public static let dim = CellStyle(rawValue: 2)
    public static let reverse = CellStyle(rawValue: 4)
    public static let red = CellStyle(rawValue: 8)
    public static let green = CellStyle(rawValue: 16)
}

/// One column of the screen: a character, or nothing where a wide character's right half is.
public struct Cell: Equatable, Sendable {
    /// The character shown here; empty in the second column of a wide character.
    public var text: String
    public var style: CellStyle

    public static let blank = Cell(text: " ", style: [])
}

/// What the screen should show: rows × columns of cells, and where the cursor goes (when a field
/// is being typed into). Views draw into a frame; the terminal shows it.
public struct Frame: Equatable, Sendable {
    public let rows: Int
    public let columns: Int
    public private(set) var cells: [Cell]
    /// Where the cursor shows; nil hides it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorCell.map { ($0 / max(columns, 1), $0 % max(columns, 1)) } }
        set { cursorCell = newValue.map { $0.row * columns + $0.column } }
    }
    private var cursorCell: Int?

    public init(rows: Int, columns: Int) {
        self.rows = max(rows, 0)
        self.columns = max(columns, 0)
        cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    public subscript(row: Int, column: Int) -> Cell { cells[row * columns + column] }

    /// Writes `text` from (`row`, `column`), in at most `width` columns (to the right edge when
    /// nil): made safe first (control characters shown escaped), cut with `…` at a character
    /// boundary when longer. Returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, width: Int? = nil, style: CellStyle = []) -> Int {
        guard (0..<rows).contains(row), column >= 0, column < columns else { return 0 }
        let room = min(width ?? columns - column, columns - column)
        guard room > 0 else { return 0 }
        let safe = TerminalText.safe(text)
        let fits = TerminalText.width(safe) <= room
        var used = 0
        for character in safe {
            let wide = TerminalText.width(String(character)) == 2
            let size = wide ? 2 : 1
            // Keep one column for the ellipsis when the text does not fit.
            if used + size > (fits ? room : room - 1) { break }
            set(row, column + used, Cell(text: String(character), style: style))
            if wide { set(row, column + used + 1, Cell(text: "", style: style)) }
            used += size
        }
        if !fits {
            set(row, column + used, Cell(text: "…", style: style))
            used += 1
        }
        return used
    }

    /// Adds `style` to `width` columns from (`row`, `column`), keeping their characters and styles.
    public mutating func paint(row: Int, column: Int = 0, width: Int? = nil, style: CellStyle) {
        guard (0..<rows).contains(row) else { return }
        let end = min(columns, column + (width ?? columns))
        for c in max(column, 0)..<max(end, max(column, 0)) { cells[row * columns + c].style.formUnion(style) }
    }

    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        guard column < columns else { return }
        let index = row * columns + column
        // Overwriting half of a wide character blanks its other half.
        if !cell.text.isEmpty, cells[index].text.isEmpty, column > 0 { cells[index - 1].text = " " }
        if column + 1 < columns, cells[index + 1].text.isEmpty, !cells[index].text.isEmpty { cells[index + 1].text = " " }
        cells[index] = cell
    }

    /// The text of each row, trailing spaces kept: what a snapshot test compares.
    public var lines: [String] {
        (0..<rows).map { row in (0..<columns).map { self[row, $0].text }.joined() }
    }

    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.rows == rhs.rows && lhs.columns == rhs.columns && lhs.cells == rhs.cells && lhs.cursorCell == rhs.cursorCell
    }
}
