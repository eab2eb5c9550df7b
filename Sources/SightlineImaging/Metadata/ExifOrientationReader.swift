// ExifOrientationReader: finds the Orientation tag (0x0112) in EXIF data — a TIFF structure
// in either byte order — with every offset checked, because the bytes come from untrusted files.

/// Reads the orientation from the TIFF structure inside a JPEG APP1 "Exif" segment, a PNG
/// `eXIf` chunk or a WebP `EXIF` chunk.
enum ExifOrientationReader {
    private static let orientationTag: UInt16 = 0x0112
    private static let shortType: UInt16 = 3
    private static let longType: UInt16 = 4
    private static let entrySize = 12

    /// The orientation recorded in `exif`, or nil when the data is malformed, has no
    /// orientation tag or holds a value outside 1–8. `exif` may start with the "Exif\0\0"
    /// header some writers put in PNG and WebP chunks too.
    static func orientation(in exif: UnsafeRawBufferPointer) -> ImageOrientation? {
        let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        let tiff = ByteReader(bytes: exif).matches(exifHeader, at: 0)
            ? UnsafeRawBufferPointer(rebasing: exif[exifHeader.count...])
            : exif
        let reader = ByteReader(bytes: tiff)

        let bigEndian: Bool
        if reader.matches(ascii: "MM", at: 0) {
            bigEndian = true
        } else if reader.matches(ascii: "II", at: 0) {
            bigEndian = false
        } else {
            return nil
        }
        guard reader.uint16(at: 2, bigEndian: bigEndian) == 42,
              let firstDirectory = reader.uint32(at: 4, bigEndian: bigEndian),
              let entryCount = reader.uint16(at: Int(firstDirectory), bigEndian: bigEndian) else {
            return nil
        }
        // Orientation lives in the first image directory (IFD0), so no directory chain is
        // followed and the loop is bounded by the 16-bit entry count.
        for index in 0 ..< Int(entryCount) {
            let entry = Int(firstDirectory) + 2 + index * entrySize
            guard reader.contains(offset: entry, length: entrySize) else { return nil }
            guard reader.uint16(at: entry, bigEndian: bigEndian) == orientationTag else { continue }
            let value: UInt32?
            switch reader.uint16(at: entry + 2, bigEndian: bigEndian) {
            case shortType: value = reader.uint16(at: entry + 8, bigEndian: bigEndian).map(UInt32.init)
            case longType: value = reader.uint32(at: entry + 8, bigEndian: bigEndian)
            default: value = nil
            }
            return value.flatMap { Int(exactly: $0) }.flatMap(ImageOrientation.init(rawValue:))
        }
        return nil
    }
}
