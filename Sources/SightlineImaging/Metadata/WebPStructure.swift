// WebPStructure: what Sightline needs from a WebP's RIFF chunks before decoding — the declared
// size (VP8X, VP8 or VP8L), the EXIF payload and whether the RIFF data is complete.

/// Facts read by walking the chunk headers of a RIFF/WebP file.
struct WebPStructure {
    /// The canvas size (VP8X) or else the size of the single frame (VP8 or VP8L).
    var declaredSize: ImageSize?
    /// Byte range of the EXIF chunk's data.
    var exifRange: Range<Int>?
    /// Whether the data holds as many bytes as the RIFF header says.
    var isComplete = false

    private static let riffHeaderLength = 12

    init(scanning bytes: UnsafeRawBufferPointer) {
        let reader = ByteReader(bytes: bytes)
        guard let riffSize = reader.uint32(at: 4, bigEndian: false) else { return }
        let riffEnd = min(8 + Int(riffSize), bytes.count)
        isComplete = 8 + Int(riffSize) <= bytes.count
        var frameSize: ImageSize?
        var offset = Self.riffHeaderLength
        while offset + 8 <= riffEnd, let length = reader.uint32(at: offset + 4, bigEndian: false) {
            let dataStart = offset + 8
            guard reader.contains(offset: dataStart, length: Int(length)), dataStart + Int(length) <= riffEnd else {
                break
            }
            let data = dataStart ..< dataStart + Int(length)
            if reader.matches(ascii: "VP8X", at: offset),
               let width = reader.uint24LittleEndian(at: dataStart + 4),
               let height = reader.uint24LittleEndian(at: dataStart + 7) {
                declaredSize = ImageSize(width: Int(width) + 1, height: Int(height) + 1)
            } else if reader.matches(ascii: "VP8 ", at: offset), frameSize == nil,
                      reader.matches([0x9D, 0x01, 0x2A], at: dataStart + 3),
                      let width = reader.uint16(at: dataStart + 6, bigEndian: false),
                      let height = reader.uint16(at: dataStart + 8, bigEndian: false) {
                frameSize = ImageSize(width: Int(width & 0x3FFF), height: Int(height & 0x3FFF))
            } else if reader.matches(ascii: "VP8L", at: offset), frameSize == nil,
                      reader.uint8(at: dataStart) == 0x2F,
                      let packed = reader.uint32(at: dataStart + 1, bigEndian: false) {
                // 14 bits of width − 1, then 14 bits of height − 1.
                frameSize = ImageSize(width: Int(packed & 0x3FFF) + 1, height: Int(packed >> 14 & 0x3FFF) + 1)
            } else if reader.matches(ascii: "EXIF", at: offset), exifRange == nil {
                exifRange = data
            }
            offset = data.upperBound + Int(length & 1)  // chunks are padded to an even length
        }
        if declaredSize == nil { declaredSize = frameSize }
    }
}
