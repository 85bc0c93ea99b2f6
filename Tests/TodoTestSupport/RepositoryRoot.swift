import Foundation

/// The repository's root folder, found from this source file, so tests can read `migrations/`
/// and find the built binary.
public enum RepositoryRoot {
    public static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TodoTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    public static var migrations: URL { url.appendingPathComponent("migrations") }
}
