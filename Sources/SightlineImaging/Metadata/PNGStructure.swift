// PNGStructure: what Sightline needs from a PNG's chunk list before decoding — the declared
// size (IHDR), the EXIF payload (eXIf) and whether the chunk list is complete.

/// Facts read by walking a PNG's chunk headers (chunk data is not inflated or CRC-checked).
struct PNGStructure {
    /// Width and height from the IHDR chunk.
    var declaredSize: ImageSize?
    /// Byte range of the eXIf chunk's data.
    var exifRange: Range<Int>?
    /// Whether every chunk up to and including IEND lies inside the data.
    var isComplete = false

    private static let signatureLength = 8
    /// Chunk length, type and CRC around the chunk data.
    private static let chunkOverhead = 12

    init(scanning bytes: UnsafeRawBufferPointer) {
        let reader = ByteReader(bytes: bytes)
        var offset = Self.signatureLength
        while let length = reader.uint32(at: offset, bigEndian: true), length <= Int32.max {
            let dataStart = offset + 8
            guard reader.contains(offset: offset, length: Int(length) + Self.chunkOverhead) else { return }
            let data = dataStart ..< dataStart + Int(length)
            if reader.matches(ascii: "IHDR", at: offset + 4), data.count >= 8,
               let width = reader.uint32(at: dataStart, bigEndian: true),
               let height = reader.uint32(at: dataStart + 4, bigEndian: true) {
                declaredSize = ImageSize(width: Int(width), height: Int(height))
            } else if reader.matches(ascii: "eXIf", at: offset + 4), exifRange == nil {
                exifRange = data
            } else if reader.matches(ascii: "IEND", at: offset + 4) {
                isComplete = true
                return
            }
            offset = data.upperBound + 4
        }
    }
}
