import CSQLite

extension Statement {
    /// A 64-bit FNV-1a hash of the current row: each column's type and its bytes as stored. Two
    /// rows with equal values hash equal; summed over rows (wrapping), it fingerprints a set of
    /// rows in any order.
    public func rowFingerprint() -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        for column in 0..<columnCount {
            let type = sqlite3_column_type(handle, column)
            mix(UInt8(truncatingIfNeeded: type))
            switch type {
            case SQLITE_INTEGER:
                var value = sqlite3_column_int64(handle, column)
                withUnsafeBytes(of: &value) { for byte in $0 { mix(byte) } }
            case SQLITE_NULL:
                break
            default:
                if let bytes = sqlite3_column_blob(handle, column) {
                    let count = Int(sqlite3_column_bytes(handle, column))
                    for byte in UnsafeRawBufferPointer(start: bytes, count: count) { mix(byte) }
                }
            }
            mix(0xFF)  // between columns, so "ab","c" and "a","bc" differ
        }
        return hash
    }
}
