// ScanPhotoCompressor: how a scanned photo is kept in the history — decoded upright, shrunk
// so its longer side is at most 1600 pixels (and 256 for the list's thumbnail), and encoded as
// JPEG — so the history stays small whatever size the camera produced.
public import Foundation
public import SightlineImaging

/// Turns an encoded photo into the compressed photo and thumbnail a history stores.
public struct ScanPhotoCompressor: Sendable, Hashable {
    /// The longest side of the stored photo, in pixels.
    public var photoMaxSide: Int
    /// The longest side of the thumbnail, in pixels.
    public var thumbnailMaxSide: Int
    /// JPEG quality (1…100) of the photo.
    public var photoQuality: Int
    /// JPEG quality (1…100) of the thumbnail.
    public var thumbnailQuality: Int

    public init(photoMaxSide: Int = 1600, thumbnailMaxSide: Int = 256, photoQuality: Int = 85,
                thumbnailQuality: Int = 80) {
        precondition(photoMaxSide >= 1 && thumbnailMaxSide >= 1, "the longest sides must be at least 1 pixel")
        precondition((1 ... 100).contains(photoQuality) && (1 ... 100).contains(thumbnailQuality),
                     "JPEG qualities must be 1…100")
        self.photoMaxSide = photoMaxSide
        self.thumbnailMaxSide = thumbnailMaxSide
        self.photoQuality = photoQuality
        self.thumbnailQuality = thumbnailQuality
    }

    /// The photo and thumbnail as JPEG bytes.
    ///
    /// - Throws: `ImagingError` when `data` is not a decodable JPEG, PNG or WebP image.
    public func compress(_ data: Data) throws -> (photo: Data, thumbnail: Data) {
        let image = try ImageDecoder.decode(data: data)
        let photo = Self.shrunk(image, maxSide: photoMaxSide)
        let thumbnail = Self.shrunk(photo, maxSide: thumbnailMaxSide)
        return (try ImageEncoder.jpegData(photo, quality: photoQuality),
                try ImageEncoder.jpegData(thumbnail, quality: thumbnailQuality))
    }

    /// `image` scaled down, keeping its aspect ratio, so its longer side is at most `maxSide`;
    /// smaller images are returned as they are.
    public static func shrunk(_ image: RGBImage, maxSide: Int) -> RGBImage {
        let longer = max(image.width, image.height)
        guard longer > maxSide else { return image }
        let scale = Double(maxSide) / Double(longer)
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        return image.resized(width: min(width, maxSide), height: min(height, maxSide))
    }
}
