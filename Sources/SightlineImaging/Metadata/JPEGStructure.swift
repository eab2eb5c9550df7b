// JPEGStructure: what Sightline needs from a JPEG's marker segments before decoding — the
// declared size (SOF) and the EXIF payload (APP1) — read by walking segment headers only.

/// Facts read from the marker segments that precede a JPEG's compressed data.
struct JPEGStructure {
    /// Width and height from the start-of-frame segment, if one was reached.
    var declaredSize: ImageSize?
    /// Byte range of the TIFF structure inside the first APP1 "Exif" segment.
    var exifRange: Range<Int>?
    /// Whether the data ends with the end-of-image marker (FF D9), ignoring zero padding.
    var endsWithEndOfImage = false

    private static let startOfScan: UInt8 = 0xDA
    private static let endOfImage: UInt8 = 0xD9
    private static let app1: UInt8 = 0xE1

    /// Walks the segments from the start-of-image marker up to the start of scan. Stops quietly
    /// at anything malformed; TurboJPEG then reports the problem with its own message.
    init(scanning bytes: UnsafeRawBufferPointer) {
        let reader = ByteReader(bytes: bytes)
        var offset = 2  // after FF D8
        walk: while let marker = reader.uint8(at: offset), marker == 0xFF {
            // Any number of FF fill bytes may precede a marker code.
            offset += 1
            while reader.uint8(at: offset) == 0xFF { offset += 1 }
            guard let code = reader.uint8(at: offset) else { break }
            offset += 1
            switch code {
            case 0x01, 0xD0 ... 0xD7:  // markers without a length field
                continue walk
            case Self.startOfScan, Self.endOfImage:
                break walk
            default:
                break
            }
            guard let length = reader.uint16(at: offset, bigEndian: true), length >= 2,
                  reader.contains(offset: offset, length: Int(length)) else { break }
            let payload = offset + 2 ..< offset + Int(length)
            if Self.isStartOfFrame(code), declaredSize == nil,
               let height = reader.uint16(at: payload.lowerBound + 1, bigEndian: true),
               let width = reader.uint16(at: payload.lowerBound + 3, bigEndian: true) {
                declaredSize = ImageSize(width: Int(width), height: Int(height))
            }
            let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
            if code == Self.app1, exifRange == nil, payload.count > exifHeader.count,
               reader.matches(exifHeader, at: payload.lowerBound) {
                exifRange = payload.lowerBound + exifHeader.count ..< payload.upperBound
            }
            offset = payload.upperBound
        }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 { end -= 1 }
        endsWithEndOfImage = end >= 2 && bytes[end - 2] == 0xFF && bytes[end - 1] == Self.endOfImage
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ code: UInt8) -> Bool {
        (0xC0 ... 0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC
    }
}
