// ImagingError: everything that can go wrong while reading, decoding or encoding an image,
// each with a message that says what was wrong and what to do about it.
public import Foundation

/// Why an image could not be read, decoded or encoded.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file or data has no bytes at all.
    case emptyData
    /// The bytes match no image format known to Sightline; `leadingBytes` are the first few.
    case unrecognizedFormat(leadingBytes: [UInt8])
    /// A recognised image format that Sightline does not decode (HEIC, AVIF, GIF, BMP, TIFF, …).
    case unsupportedFormat(ImageFormat)
    /// A decodable format using a feature Sightline does not handle (e.g. animated WebP).
    case unsupportedFeature(ImageFormat, feature: String)
    /// The data ends before the image does; `detail` is the decoding library's message.
    case truncatedData(ImageFormat, detail: String)
    /// The data is damaged or not valid for its format; `detail` is the decoding library's message.
    case corruptData(ImageFormat, detail: String)
    /// The header declares a width or height of zero.
    case zeroSizedImage(ImageFormat, width: Int, height: Int)
    /// The image has more pixels than `DecodeOptions.maxPixels` allows; nothing was decoded.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// One side is more than `DecodeOptions.maxAspectRatio` times the other; nothing was decoded.
    case extremeAspectRatio(width: Int, height: Int, limit: Int)
    /// The file could not be read from disk.
    case fileUnreadable(path: String, reason: String)
    /// The image library itself failed (for instance it could not allocate memory).
    case libraryFailure(ImageFormat, detail: String)
    /// Encoding an image failed; `detail` is the encoding library's message.
    case encodingFailed(ImageFormat, detail: String)
    /// An `ImagePreprocessing` was given inconsistent settings.
    case invalidPreprocessing(String)

    public var description: String {
        switch self {
        case .emptyData:
            return "The image is empty (0 bytes)."
        case .unrecognizedFormat(let leadingBytes):
            return "The data is not an image Sightline recognises: \(Self.describe(leadingBytes)). "
                + "Supported formats are JPEG, PNG and WebP."
        case .unsupportedFormat(let format):
            return "\(format.name) images are not supported; convert the image to JPEG, PNG or WebP first."
        case .unsupportedFeature(let format, let feature):
            return "\(feature) is not supported; convert the image to a plain \(format.name), JPEG or PNG first."
        case .truncatedData(let format, let detail):
            return "The \(format.name) data is truncated (\(detail)); the file was probably cut off "
                + "while copying or downloading."
        case .corruptData(let format, let detail):
            return "The \(format.name) data is corrupt and cannot be decoded (\(detail))."
        case .zeroSizedImage(let format, let width, let height):
            return "The \(format.name) header declares an image of \(width)×\(height) pixels; "
                + "an image needs at least one pixel in each direction."
        case .tooManyPixels(let width, let height, let limit):
            let megapixels = Double(width) * Double(height) / 1_000_000
            let limitMegapixels = Double(limit) / 1_000_000
            return "The image is \(width)×\(height) (\(Self.format(megapixels)) megapixels), over the limit of "
                + "\(Self.format(limitMegapixels)) megapixels (\(limit) pixels); it was not decoded. "
                + "Raise DecodeOptions.maxPixels to decode it."
        case .extremeAspectRatio(let width, let height, let limit):
            return "The image is \(width)×\(height) pixels: one side is more than \(limit) times the other, which no "
                + "photo is; it was not decoded. Crop it to the part to analyse."
        case .fileUnreadable(let path, let reason):
            return "Cannot read \(path): \(reason)"
        case .libraryFailure(let format, let detail):
            return "The \(format.name) library failed: \(detail)"
        case .encodingFailed(let format, let detail):
            return "Encoding the image as \(format.name) failed: \(detail)"
        case .invalidPreprocessing(let problem):
            return "Invalid image preprocessing: \(problem)"
        }
    }

    public var errorDescription: String? { description }

    /// "it starts with “Hello…”, which looks like text" or "it starts with the bytes 00 01 02".
    private static func describe(_ leadingBytes: [UInt8]) -> String {
        let printable = leadingBytes.allSatisfy { byte in
            (0x20 ..< 0x7F).contains(byte) || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        if printable, !leadingBytes.isEmpty {
            let text = String(decoding: leadingBytes, as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
            return "it starts with “\(text)…”, which looks like text"
        }
        let hex = leadingBytes.map { String(format: "%02X", $0) }.joined(separator: " ")
        return "it starts with the bytes \(hex)"
    }

    private static func format(_ megapixels: Double) -> String {
        String(format: megapixels < 10 ? "%.2f" : "%.1f", megapixels)
    }
}
