#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity a task or a list has on every machine (RFC 9562), where its id is this
/// database's own: what an import merges by and what a sync will. Kept as its canonical text,
/// lowercase (`0193b5c4-…`), the same on SQLite and PostgreSQL and in every export, so two
/// uuids are the same exactly when their texts are.
///
/// todo makes version 7 ones (the time they were made, then random bits), so the index over
/// them grows at its end; an import keeps whatever version the record has (Taskwarrior's are 4).
public struct TodoUUID: Hashable, Sendable, CustomStringConvertible {
    /// 36 characters: 32 lowercase hex digits in groups of 8-4-4-4-12.
    public let text: String

    public var description: String { text }

    /// A uuid written as RFC 9562 writes it, in either case; nil for anything else (braces,
    /// `urn:uuid:`, no hyphens: what the formats todo reads never write), and for the nil and
    /// max uuids. Not generic: an import reads a million.
    public init?(_ written: String) {
        guard let shape = Self.shape(of: written) else { return nil }
        self.init(checked: shape == .canonical ? written : written.lowercased())
    }

    /// A uuid as todo stores it: only in its canonical text, lowercase (what the schemas' CHECKs
    /// ask for); nil for anything else, an uppercase one included.
    public init?(stored: String) {
        guard Self.shape(of: stored) == .canonical else { return nil }
        self.init(checked: stored)
    }

    /// The nil and max uuids (RFC 9562) name no task: two files that used one would merge.
    private init?(checked text: String) {
        guard text != "00000000-0000-0000-0000-000000000000", text != "ffffffff-ffff-ffff-ffff-ffffffffffff" else { return nil }
        self.text = text
    }

    private enum Shape { case canonical, uppercase }

    /// Hyphens after the 8th, 12th, 16th and 20th digit and hex digits elsewhere, in one pass
    /// over the bytes; whether any digit is uppercase.
    private static func shape(of written: String) -> Shape? {
        var written = written
        return written.withUTF8 { bytes in
            guard bytes.count == 36 else { return nil }
            var shape = Shape.canonical
            for offset in 0..<36 {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "-") where offset == 8 || offset == 13 || offset == 18 || offset == 23: continue
                case _ where offset == 8 || offset == 13 || offset == 18 || offset == 23: return nil
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): continue
                case UInt8(ascii: "A")...UInt8(ascii: "F"): shape = .uppercase
                default: return nil
                }
            }
            return shape
        }
    }

    /// A version 7 uuid: `milliseconds` since 1970 (UTC) in the first 48 bits, then the version,
    /// 74 random bits and the variant.
    public static func version7(milliseconds: Int64, random: inout some RandomNumberGenerator) -> TodoUUID {
        let time = UInt64(max(0, min(milliseconds, 0xFFFF_FFFF_FFFF)))
        let high = time << 16 | 0x7000 | random.next() & 0x0FFF
        let low = random.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return TodoUUID(high: high, low: low)
    }

    /// A version 8 uuid made of the first 16 bytes of `digest` (a SHA-256 of a name): the same
    /// name gives the same uuid on every machine, as a calendar's UID that is no uuid needs.
    public static func version8(digest: [UInt8]) -> TodoUUID {
        let bytes = digest.prefix(16).map(UInt64.init) + Array(repeating: 0, count: max(0, 16 - digest.count))
        let high = bytes[0..<8].reduce(0) { $0 << 8 | $1 } & ~0xF000 | 0x8000
        let low = bytes[8..<16].reduce(0) { $0 << 8 | $1 } & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return TodoUUID(high: high, low: low)
    }

    /// The uuid of these 128 bits, version and variant already in them.
    private init(high: UInt64, low: UInt64) {
        // Written straight into the string's storage: an import makes a million of these.
        let text = String(unsafeUninitializedCapacity: 36) { buffer in
            var at = 0
            for nibble in 0..<32 {
                // Before the 9th, 13th, 17th and 21st digit.
                if nibble >= 8 && nibble <= 20 && nibble % 4 == 0 {
                    buffer[at] = UInt8(ascii: "-")
                    at += 1
                }
                let word = nibble < 16 ? high : low
                let value = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (nibble % 16))) & 0xF
                buffer[at] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
                at += 1
            }
            return at
        }
        self.text = text
    }
}

/// Makes the uuids of the rows todo adds: version 7, from the real-time clock in milliseconds
/// and a generator seeded once from the system. A million uuids for an import then cost no
/// system call each (the system's generator makes one per 8 bytes on Linux).
public struct UUIDMaker: Sendable {
    private var random: Xoshiro256

    public init() {
        var system = SystemRandomNumberGenerator()
        random = Xoshiro256(seed: (system.next(), system.next(), system.next(), system.next()))
    }

    public mutating func next() -> TodoUUID {
        TodoUUID.version7(milliseconds: Self.millisecondsNow(), random: &random)
    }

    /// Milliseconds since 1970 by the real-time clock.
    public static func millisecondsNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}

/// xoshiro256** (Blackman and Vigna): 256 bits of state, so two processes seeded from the
/// system make the same uuids with no chance worth the name.
struct Xoshiro256: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    init(seed: (UInt64, UInt64, UInt64, UInt64)) {
        // An all-zero state would stay zero for ever.
        state = seed == (0, 0, 0, 0) ? (1, 0, 0, 0) : seed
    }

    mutating func next() -> UInt64 {
        let result = (state.1 &* 5).rotatedLeft(by: 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = state.3.rotatedLeft(by: 45)
        return result
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by bits: UInt64) -> UInt64 { self << bits | self >> (64 - bits) }
}
