// ImageFormat: the image formats Sightline can recognise, and recognition by magic bytes
// (never by file extension).
public import Foundation

/// An image file format, identified from the first bytes of the data.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp
    case heic, avif, gif, bmp, tiff, jpegXL

    /// The format's usual name, for messages.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .gif: "GIF"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .jpegXL: "JPEG XL"
        }
    }

    /// Whether `ImageDecoder` decodes this format (the others are recognised only to name them).
    public var isDecodable: Bool {
        switch self {
        case .jpeg, .png, .webp: true
        case .heic, .avif, .gif, .bmp, .tiff, .jpegXL: false
        }
    }

    /// The format whose signature starts `data`, or nil if none matches.
    public static func detect(in data: Data) -> ImageFormat? {
        data.withUnsafeBytes { detect(in: ByteReader(bytes: $0)) }
    }

    static func detect(in reader: ByteReader) -> ImageFormat? {
        if reader.matches([0xFF, 0xD8, 0xFF], at: 0) { return .jpeg }
        if reader.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) { return .png }
        if reader.matches(ascii: "RIFF", at: 0), reader.matches(ascii: "WEBP", at: 8) { return .webp }
        if reader.matches(ascii: "GIF87a", at: 0) || reader.matches(ascii: "GIF89a", at: 0) { return .gif }
        if reader.matches(ascii: "II*\0", at: 0) || reader.matches(ascii: "MM\0*", at: 0) { return .tiff }
        if reader.matches([0xFF, 0x0A], at: 0)
            || reader.matches([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A], at: 0) {
            return .jpegXL
        }
        if let format = isoMediaImageFormat(reader) { return format }
        if isBitmap(reader) { return .bmp }
        return nil
    }

    /// HEIF-family files are ISO media files: a `ftyp` box whose major or compatible brands name
    /// the image kind. AVIF shares the generic `mif1` brand with HEIC, so AVIF brands win.
    private static func isoMediaImageFormat(_ reader: ByteReader) -> ImageFormat? {
        guard reader.matches(ascii: "ftyp", at: 4), let boxSize = reader.uint32(at: 0, bigEndian: true) else {
            return nil
        }
        let maximumBrands = 64  // real files list a handful; the cap bounds work on hostile boxes
        let boxEnd = min(Int(boxSize), reader.count, 16 + 4 * maximumBrands)
        var brands: [String] = []
        for offset in stride(from: 8, to: boxEnd - 3, by: 4) where offset != 12 {  // 12: minor version
            brands.append(String(decoding: reader.bytes[offset ..< offset + 4], as: UTF8.self))
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heifBrands: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]
        if brands.contains(where: heifBrands.contains) { return .heic }
        return nil
    }

    /// "BM" is too short a signature on its own, so the DIB header size must also be one of the
    /// sizes the BMP variants define.
    private static func isBitmap(_ reader: ByteReader) -> Bool {
        guard reader.matches(ascii: "BM", at: 0), let headerSize = reader.uint32(at: 14, bigEndian: false) else {
            return false
        }
        return [12, 16, 40, 52, 56, 64, 108, 124].contains(headerSize)
    }
}
