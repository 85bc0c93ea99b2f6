/// Text from the data made safe and measurable for a terminal.
public enum TerminalText {
    /// Control characters (C0, DEL, C1), line and paragraph separators and bidirectional
    /// overrides are shown as escapes (`\n`, `\x1b`, `\u{202e}`), so a title cannot move the
    /// cursor, change colours or reorder the line. JSON output keeps them exact instead.
    public static func safe(_ text: String) -> String {
        guard containsEscapes(text) else { return text }
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            guard needsEscape(scalar, after: previous) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                out += scalar.value < 0x100 ? "\\x" + (hex.count == 1 ? "0" : "") + hex : "\\u{" + hex + "}"
            }
        }
        return out
    }

    private static func containsEscapes(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, after: previous) { return true }
            previous = scalar
        }
        return false
    }

    /// Control characters, line and paragraph separators, invisible format characters
    /// (zero-width spaces and joiners, bidirectional marks and overrides, a byte-order mark...)
    /// and the other characters Unicode says to show as nothing (Hangul fillers, the combining
    /// grapheme joiner): anything that would not show as itself, so two titles that look the
    /// same can be told apart. A zero-width joiner inside an emoji sequence (👨‍👩‍👧), a
    /// variation selector, and the tags of a subdivision's flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿) are part of
    /// what shows, so they stay.
    private static func needsEscape(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        case 0x20...0x7E: return false
        case 0x200D:
            guard let previous else { return true }
            return !(previous.properties.isEmoji && previous.value > 0x7F || previous.value == 0xFE0F || previous.properties.isEmojiModifier)
        case 0x180B...0x180D, 0x180F, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return false
        case 0xE0020...0xE007F:
            guard let previous else { return true }
            return !(previous.value == 0x1F3F4 || (0xE0020...0xE007F).contains(previous.value))
        default: return scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// Columns `text` takes on a terminal: East Asian wide characters and emoji take two,
    /// combining marks none.
    public static func width(_ text: String) -> Int {
        var columns = 0
        for character in text {
            guard let first = character.unicodeScalars.first else { continue }
            columns += isWide(first.value) ? 2 : 1
        }
        return columns
    }

    /// `text` in at most `columns` columns: cut at a character, with `…`, when it is wider.
    public static func cut(_ text: String, columns: Int) -> String {
        guard width(text) > columns else { return text }
        var out = ""
        var used = 0
        for character in text {
            let size = width(String(character))
            if used + size > columns - 1 { break }
            out.append(character)
            used += size
        }
        return out + "…"
    }

    /// `text` followed by spaces up to `columns`.
    public static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
