#if canImport(Glibc)
import Glibc
#endif

/// The process environment, read through libc; a value type so tests and `.env` handling can
/// stand in for it.
struct Environment: Sendable {
    var lookup: @Sendable (String) -> String?

    subscript(name: String) -> String? {
        guard let value = lookup(name), !value.isEmpty else { return nil }
        return value
    }

    static let process = Environment { name in getenv(name).map { String(cString: $0) } }
}
