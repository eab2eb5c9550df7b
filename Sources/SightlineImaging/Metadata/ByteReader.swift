// ByteReader: bounds-checked reads of integers and signatures from untrusted bytes. Every
// container and EXIF parser goes through it, so a bad offset yields nil instead of a crash.

/// Reads fixed-size values at absolute offsets of a byte buffer, returning nil whenever the
/// value would not lie entirely inside the buffer.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` lie inside the buffer (overflow-safe).
    func contains(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && length <= bytes.count && offset <= bytes.count - length
    }

    func uint8(at offset: Int) -> UInt8? {
        contains(offset: offset, length: 1) ? bytes[offset] : nil
    }

    func uint16(at offset: Int, bigEndian: Bool) -> UInt16? {
        guard contains(offset: offset, length: 2) else { return nil }
        let first = UInt16(bytes[offset]), second = UInt16(bytes[offset + 1])
        return bigEndian ? first << 8 | second : second << 8 | first
    }

    func uint24LittleEndian(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 3) else { return nil }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
    }

    func uint32(at offset: Int, bigEndian: Bool) -> UInt32? {
        guard contains(offset: offset, length: 4) else { return nil }
        var value: UInt32 = 0
        for index in 0 ..< 4 {
            let byte = UInt32(bytes[offset + (bigEndian ? index : 3 - index)])
            value = value << 8 | byte
        }
        return value
    }

    /// Whether the bytes at `offset` equal `signature`.
    func matches(_ signature: [UInt8], at offset: Int) -> Bool {
        guard contains(offset: offset, length: signature.count) else { return false }
        for (index, byte) in signature.enumerated() where bytes[offset + index] != byte {
            return false
        }
        return true
    }

    /// Whether the bytes at `offset` are the ASCII characters of `text`.
    func matches(ascii text: String, at offset: Int) -> Bool {
        matches(Array(text.utf8), at: offset)
    }
}
