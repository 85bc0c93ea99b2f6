/// One key the user pressed, read from the terminal's bytes.
public enum Key: Equatable, Hashable, Sendable {
    /// A printable character (a letter, a space, a CJK character, an emoji).
    case character(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, escape, backspace, delete, tab, backTab
    /// Ctrl and a letter (lowercase): `.control("c")`, `.control("u")`.
    case control(Character)
    /// Alt (Meta) and a character: Esc then the character in the same read.
    case alt(Character)
}

/// Turns the bytes a terminal sends into keys. Bytes that stop part-way through a sequence are
/// kept for the next read; a lone Esc is a key only once no more bytes follow it at once (the
/// caller decides, by `finishing`), so Esc and Alt+x and the arrows are told apart.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// True when bytes are waiting that may be the start of a longer sequence.
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys `bytes` complete. With `finishing`, what is pending is taken as it is (a lone Esc).
    public mutating func keys(from bytes: [UInt8], finishing: Bool = false) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending[index...], finishing: finishing) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it took; nil when more bytes are needed.
    /// A nil key with a length skips bytes that mean nothing here.
    private static func decode(_ bytes: ArraySlice<UInt8>, finishing: Bool) -> (Key?, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escape(bytes, finishing: finishing)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00...0x1F: return (nil, 1)
        default: return character(bytes)
        }
    }

    private static func escape(_ bytes: ArraySlice<UInt8>, finishing: Bool) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return finishing ? (.escape, 1) : nil }
        let second = bytes[start + 1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
            if second == 0x1B { return (.escape, 1) }
            guard let (key, length) = character(bytes.dropFirst()) else { return finishing ? (.escape, 1) : nil }
            if case .character(let c)? = key { return (.alt(c), length + 1) }
            return (.escape, 1)
        }
        // CSI or SS3: parameters, then one final byte from @ to ~.
        var index = start + 2
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return finishing ? (.escape, 1) : nil }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let length = index - start + 1
        let key: Key? = switch bytes[index] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "~"):
            switch parameters {
            case "1", "7": .home
            case "4", "8": .end
            case "3": .delete
            case "5": .pageUp
            case "6": .pageDown
            default: nil
            }
        default: nil
        }
        return (key, length)
    }

    /// One UTF-8 character (one scalar; combining marks that follow arrive as their own keys and
    /// join it when typed into a field).
    private static func character(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let first = bytes[bytes.startIndex]
        let length = switch first {
        case 0x00..<0x80: 1
        case 0xC2..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF5: 4
        default: 0
        }
        guard length > 0 else { return (nil, 1) }  // not the start of a character: skipped
        guard bytes.count >= length else { return nil }
        let scalars = String(decoding: bytes.prefix(length), as: UTF8.self).unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar != "\u{FFFD}" else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }
}
