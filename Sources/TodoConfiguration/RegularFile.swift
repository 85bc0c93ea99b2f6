#if canImport(Glibc)
import Glibc
#endif

/// A small file of settings read whole: only a regular file (a FIFO or a device in its place
/// would block or never end), at most `limit` bytes.
enum RegularFile {
    struct Unreadable: Error {
        let reason: String
    }

    /// The file's bytes and its permission bits; nil when there is no file there.
    static func read(_ path: String, limit: Int) throws -> (bytes: [UInt8], mode: mode_t)? {
        // Non-blocking, so that opening a FIFO returns at once instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw Unreadable(reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw Unreadable(reason: "it is not a regular file") }
        guard info.st_size <= limit else { throw Unreadable(reason: "it is larger than \(limit >> 20) MiB") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { Glibc.read(fd, $0 + count, buffer.count - count) } ?? 0
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return (Array(bytes[0..<count]), info.st_mode & 0o777)
    }
}
