// RecognizerCapture: the Object Recognizer's shutter — the frame with "<label>, <confidence>%"
// drawn in white on a black band near the top, held until the user accepts it (it goes to the
// history as a JPEG with a thumbnail) or cancels it (it is simply dropped).
public import Foundation
public import SightlineImaging

/// A taken photo with its recognition drawn on it, not yet saved.
public struct RecognizerCapture: Sendable {
    /// The longer side of a thumbnail, in pixels.
    public static let thumbnailSide = 256
    /// JPEG quality of the saved photo and of its thumbnail.
    public static let photoQuality = 90
    public static let thumbnailQuality = 80

    public let recognition: ObjectRecognition
    /// The photo with the caption band drawn on it.
    public let annotatedImage: RGBImage

    /// Draws `recognition.caption` on `photo` (upright) with `font`.
    public init(photo: RGBImage, recognition: ObjectRecognition, font: Font) {
        var annotator = ImageAnnotator(image: photo, font: font)
        annotator.drawCaption(recognition.caption)
        self.recognition = recognition
        annotatedImage = annotator.image
    }

    /// Draws the caption with the standard font (DejaVu Sans Bold).
    ///
    /// - Throws: `DrawingError.fontNotFound` when the font package is missing.
    public init(photo: RGBImage, recognition: ObjectRecognition) throws {
        self.init(photo: photo, recognition: recognition, font: try Font.standard())
    }

    /// The annotated photo as JPEG.
    public func jpegData() throws -> Data {
        try ImageEncoder.jpegData(annotatedImage, quality: Self.photoQuality)
    }

    /// The annotated photo scaled so its longer side is at most `thumbnailSide`, as JPEG.
    public func thumbnailData() throws -> Data {
        try ImageEncoder.jpegData(Self.thumbnail(of: annotatedImage), quality: Self.thumbnailQuality)
    }

    /// `image` scaled down, aspect ratio kept, so its longer side is at most `thumbnailSide`
    /// (a smaller image is returned as it is).
    public static func thumbnail(of image: RGBImage) -> RGBImage {
        let longer = max(image.width, image.height)
        guard longer > thumbnailSide else { return image }
        let scale = Double(thumbnailSide) / Double(longer)
        return image.resized(width: max(1, Int((Double(image.width) * scale).rounded())),
                             height: max(1, Int((Double(image.height) * scale).rounded())))
    }
}
