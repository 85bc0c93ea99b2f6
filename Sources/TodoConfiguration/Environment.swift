#if canImport(Glibc)
import Glibc
#endif

/// The process environment, read through libc; a value type so tests and `.env` handling can
/// stand in for it.
public struct Environment: Sendable {
    /// A variable's bytes; nil when it is not set.
    public var lookup: @Sendable (String) -> [UInt8]?

    public init(lookup: @escaping @Sendable (String) -> [UInt8]?) {
        self.lookup = lookup
    }

    /// An environment of these variables only, as text.
    public init(_ variables: [String: String]) {
        lookup = { variables[$0].map { Array($0.utf8) } }
    }

    /// Whether a variable is set to something (for `NO_COLOR`, where only that matters).
    public func isSet(_ name: String) -> Bool {
        lookup(name).map { !$0.isEmpty } ?? false
    }

    /// A variable's value; nil when unset or empty. Bytes that are not UTF-8 are refused rather
    /// than repaired, since a repaired path would name another file.
    public func value(_ name: String) throws -> String? {
        guard let bytes = lookup(name), !bytes.isEmpty else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw SettingError.notUTF8(name: name) }
        return text
    }

    /// A variable holding a whole number from 0 to `maximum`, written in plain digits; nil when
    /// it is unset. Signs, spaces and units are refused so `5s` is never read as 5.
    func wholeNumber(_ name: String, from minimum: Int = 0, upTo maximum: Int, of unit: String) throws -> Int? {
        guard let text = try value(name) else { return nil }
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(text), number >= minimum, number <= maximum
        else {
            throw SettingError.invalid(name: name, value: text, expected: "a whole number of \(unit) (\(minimum) to \(maximum))")
        }
        return number
    }

    /// The list `todo add TITLE` adds to: TODO_DEFAULT_LIST, else Inbox (also when it is set to
    /// nothing but spaces, as an unset variable).
    public func defaultList() throws -> String {
        guard let text = try value("TODO_DEFAULT_LIST"), !text.allSatisfy(\.isWhitespace) else { return "Inbox" }
        return text
    }

    public static let process = Environment { name in
        guard let value = getenv(name) else { return nil }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
    }
}
