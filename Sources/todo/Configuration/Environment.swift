#if canImport(Glibc)
import Glibc
#endif
import TodoCore

/// The process environment, read through libc; a value type so tests and `.env` handling can
/// stand in for it.
struct Environment: Sendable {
    /// A variable's bytes; nil when it is not set.
    var lookup: @Sendable (String) -> [UInt8]?

    /// Whether a variable is set to something (for `NO_COLOR`, where only that matters).
    func isSet(_ name: String) -> Bool {
        lookup(name).map { !$0.isEmpty } ?? false
    }

    /// A variable's value; nil when unset or empty. Bytes that are not UTF-8 are refused rather
    /// than repaired, since a repaired path would name another file.
    func value(_ name: String) throws -> String? {
        guard let bytes = lookup(name), !bytes.isEmpty else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw SettingError.notUTF8(name: name) }
        return text
    }

    static let process = Environment { name in
        guard let value = getenv(name) else { return nil }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
    }
}
