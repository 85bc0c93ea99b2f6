import Testing
import TodoUI

/// The terminal layer: bytes to keys, and frames to the fewest bytes.
@Suite struct TerminalLayerTests {
    @Test func bytesBecomeKeys() {
        var decoder = KeyDecoder()
        let bytes: [UInt8] = Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\r\u{7F}\t\u{1B}[Z\u{1B}[5~\u{1B}[6~\u{15}\u{3}q 한😀".utf8)
        #expect(decoder.keys(from: bytes) == [
            .up, .down, .right, .left, .enter, .backspace, .tab, .backTab, .pageUp, .pageDown, .control("u"), .control("c"),
            .character("q"), .character(" "), .character("한"), .character("😀"),
        ])
    }

    @Test func aLoneEscIsEscOnlyWhenNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]).isEmpty && decoder.isWaiting, "it may be the start of an arrow")
        #expect(decoder.keys(from: [], finishing: true) == [.escape])
        #expect(decoder.keys(from: [0x1B, UInt8(ascii: "x")]) == [.alt("x")])
        #expect(decoder.keys(from: [0x1B, 0x5B]).isEmpty, "half an arrow waits for the rest")
        #expect(decoder.keys(from: [0x41]) == [.up])
    }

    @Test func characterBytesSplitAcrossReadsJoin() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.keys(from: [bytes[0]]).isEmpty)
        #expect(decoder.keys(from: [bytes[1]]) == [.character("é")])
        #expect(decoder.keys(from: [0xFF, UInt8(ascii: "a")]) == [.character("a")], "a byte that starts nothing is skipped")
    }

    @Test func aKeypressWritesOnlyWhatChanged() {
        var before = Frame(rows: 3, columns: 20)
        before.put("first row", row: 0, column: 0)
        before.put("second row", row: 1, column: 0)
        var after = before
        after.put("secOND", row: 1, column: 0)
        let whole = FrameWriter.update(from: nil, to: after, colour: true)
        let change = FrameWriter.update(from: before, to: after, colour: true)
        #expect(whole.contains("\u{1B}[2J") && whole.contains("first row"))
        #expect(!change.contains("first") && !change.contains("\u{1B}[2J"))
        #expect(change.contains("\u{1B}[2;4HOND"), "three cells, from the fourth column of the second row")
        #expect(change.hasPrefix("\u{1B}[?2026h") && change.hasSuffix("\u{1B}[?2026l"), "one synchronized update")
    }

    @Test func wideCharactersTakeTwoCellsAndOverwritingHalfBlanksTheOther() {
        var frame = Frame(rows: 1, columns: 6)
        #expect(frame.put("日本語", row: 0, column: 0) == 6)
        #expect(frame.lines == ["日本語"])
        frame.put("x", row: 0, column: 1)
        #expect(frame.lines == [" x本語"], "the half of 日 left over is blanked")
        #expect(frame.put("日本語x", row: 0, column: 0) == 5, "two wide characters and the ellipsis")
        #expect(frame.lines == ["日本… "])
    }
}
