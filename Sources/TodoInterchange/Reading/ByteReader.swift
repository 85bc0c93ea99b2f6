import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file (or stdin) in large chunks and hands it out by line or by byte, so an input of
/// any size is read in constant memory.
final class ByteReader {
    private var fd: Int32
    private var ownsDescriptor: Bool
    let name: String
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false

    /// Opens `path`, or stdin when nil.
    init(path: String?) throws {
        if let path {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw InputError(path: path, reason: String(cString: strerror(errno))) }
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                close(fd)
                throw InputError(path: path, reason: "it is a directory")
            }
            self.fd = fd
            name = path
        } else {
            fd = STDIN_FILENO
            name = "stdin"
        }
        ownsDescriptor = path != nil
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// Makes the input one `rewind` can go back to the start of, from where it is now: a file
    /// already is one; an input that cannot be read twice (a pipe) is copied, from here on, to an
    /// unlinked temporary file (`TMPDIR`), which is read from then on. Called before reading:
    /// once read, a pipe's bytes are gone (a copy made at the rewind held only the last of them,
    /// and an import from `cat file |` lost every recurring task without a word).
    func keepForRereading() throws {
        guard lseek(fd, 0, SEEK_CUR) < 0 else { return }
        let copy = try Self.temporaryFile(for: name)
        do {
            let (from, to) = (start, end)
            try buffer.withUnsafeBytes { bytes in try Self.writeAll(copy, UnsafeRawBufferPointer(rebasing: bytes[from..<to])) }
            while try fill(keepingNothing: true) {
                let to = end
                try buffer.withUnsafeBytes { bytes in try Self.writeAll(copy, UnsafeRawBufferPointer(rebasing: bytes[0..<to])) }
            }
        } catch {
            close(copy)
            throw error
        }
        if ownsDescriptor { close(fd) }
        (fd, ownsDescriptor) = (copy, true)
        try rewind()
    }

    /// Back to the start of the input (`keepForRereading` made a pipe's copy), to read it again.
    func rewind() throws {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw InputError(path: name, reason: "cannot read it again: " + String(cString: strerror(errno)))
        }
        (start, end, atEnd) = (0, 0, false)
    }

    /// An unlinked file in `TMPDIR` (else /tmp) for a copy of the input `name`; a folder that
    /// will not take one is named, with the variable that chose it.
    private static func temporaryFile(for name: String) throws -> Int32 {
        let folder = getenv("TMPDIR").flatMap { String(validatingCString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/todo-input-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { name in name.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else {
            throw InputError(path: name, reason: "cannot keep a copy of it to read it again in \(folder) (TMPDIR): " + String(cString: strerror(errno)))
        }
        template.withUnsafeBufferPointer { name in _ = name.baseAddress.map { unlink($0) } }
        return fd
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = write(fd, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw InputError(path: "the temporary folder", reason: "cannot keep a copy of the input: " + String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// A line longer than the limit given to `nextLine`; it was not read to its end.
    struct LineTooLong: Error {}

    /// Calls `body` with the next line, without its `\n` (or `\r\n`); false at the end. A line
    /// of more than `limit` bytes throws `LineTooLong` once that many are read, so an input with
    /// no line breaks (`/dev/zero`) cannot fill memory.
    func nextLine(limit: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        var searchFrom = start
        while true {
            let newline = buffer.withUnsafeBufferPointer { bytes -> Int? in
                guard searchFrom < end, let base = bytes.baseAddress,
                      let found = memchr(base + searchFrom, 0x0A, end - searchFrom)
                else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            if let newline {
                guard newline - start <= limit else { throw LineTooLong() }
                try emit(upTo: newline, body)
                start = newline + 1
                return true
            }
            searchFrom = end
            let kept = end - start
            guard kept <= limit else { throw LineTooLong() }
            if try !fill() {
                guard end > start else { return false }
                guard end - start <= limit else { throw LineTooLong() }
                try emit(upTo: end, body)  // the last line has no newline
                start = end
                return true
            }
            searchFrom = start + kept
        }
    }

    /// The first byte that is not whitespace or a byte-order mark, without reading past it (so
    /// a reader can tell a JSON array from one object per line); nil for an input of nothing else.
    func peekSignificantByte() throws -> UInt8? {
        var offset = 0
        // Past a megabyte of blanks it stops looking (and the caller reads lines), so endless
        // whitespace cannot fill memory.
        while offset < RecordSource.maximumRecordBytes {
            if start + offset == end {
                guard try fill() else { return nil }
                continue
            }
            let byte = buffer[start + offset]
            guard [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(byte) else { return byte }
            offset += 1
        }
        return nil
    }

    /// The next byte, or nil at the end.
    func nextByte() throws -> UInt8? {
        if start == end, try !fill() { return nil }
        defer { start += 1 }
        return buffer[start]
    }

    private func emit(upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var stop = limit
        if stop > start && buffer[stop - 1] == 0x0D { stop -= 1 }
        try buffer.withUnsafeBufferPointer { bytes in
            try body(UnsafeBufferPointer(rebasing: bytes[start..<stop]))
        }
    }

    /// Moves what is unread to the front, grows the buffer if a line fills it, and reads more;
    /// false at the end of the input.
    private func fill(keepingNothing: Bool = false) throws -> Bool {
        guard !atEnd else { return false }
        if keepingNothing { (start, end) = (0, 0) }
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                if let base = bytes.baseAddress { memmove(base, base + start, end - start) }
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.baseAddress.map { read(fd, $0 + end, bytes.count - end) } ?? 0
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw InputError(path: name, reason: String(cString: strerror(errno))) }
            if count == 0 { atEnd = true }
            end += count
            return count > 0
        }
    }
}
