import Foundation

/// A fresh directory under the system's temporary folder, removed when released.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public var path: String { url.path }

    /// A path inside the directory (not created).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// The bytes of a file, or nil when it does not exist; to prove a file was left untouched.
public func fileBytes(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}
