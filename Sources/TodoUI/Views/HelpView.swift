/// `?`: the keys of the screen underneath, over it; any key closes it.
enum HelpView {
    static func draw(_ keys: [(String, String)], into frame: inout Frame, at first: Int) {
        let width = min(frame.columns - 4, 56)
        let left = 2
        for row in first..<min(first + keys.count + 3, frame.rows - 2) {
            // The whole row: nothing of the screen under it shows at its sides.
            frame.put(String(repeating: " ", count: frame.columns), row: row, column: 0)
            frame.paint(row: row, column: left, width: width, style: .reverse)
        }
        frame.put("Keys (any key closes this)", row: first, column: left + 2, width: width - 4, style: [.reverse, .bold])
        for (offset, (key, meaning)) in keys.enumerated() where first + 2 + offset < frame.rows - 2 {
            frame.put(key, row: first + 2 + offset, column: left + 2, width: 16, style: [.reverse, .bold])
            frame.put(meaning, row: first + 2 + offset, column: left + 19, width: width - 21, style: .reverse)
        }
    }
}
