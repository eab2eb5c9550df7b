// RecognizerCapture: the Object Recognizer's shutter — the frame, with "<label>, <confidence>%"
// drawn in white on a black band when asked for (near the top, or near the bottom when faces
// are in the top part), held until the user accepts it (it goes to the history as a JPEG with a
// thumbnail) or cancels it (it is simply dropped).
public import Foundation
public import SightlineImaging
public import SightlineVision

/// A taken photo with its recognition drawn on it, not yet saved.
public struct RecognizerCapture: Sendable {
    /// The longer side of a thumbnail, in pixels.
    public static let thumbnailSide = 256
    /// JPEG quality of the saved photo and of its thumbnail.
    public static let photoQuality = 90
    public static let thumbnailQuality = 80

    public let recognition: ObjectRecognition
    /// The photo, with the caption band drawn on it when one was asked for.
    public let annotatedImage: RGBImage

    /// Draws `recognition.caption` on `photo` (upright) with `font` when `caption` is true, at
    /// `captionPlacement(for:)`; faces are in the pixels of a photo of `fullSize` (nil: `photo`'s).
    public init(photo: RGBImage, recognition: ObjectRecognition, font: Font, caption: Bool = true, fullSize: ImageSize? = nil) {
        var annotator = ImageAnnotator(image: photo, font: font)
        if caption {
            annotator.drawCaption(recognition.caption,
                                  at: Self.captionPlacement(faces: recognition.faceScan?.faces.map(\.boundingBox) ?? [],
                                                            imageHeight: Double((fullSize ?? photo.size).height)))
        }
        self.recognition = recognition
        annotatedImage = annotator.image
    }

    /// Draws the caption (when asked for) with the standard font (DejaVu Sans Bold).
    ///
    /// - Throws: `DrawingError.fontNotFound` when the font package is missing.
    public init(photo: RGBImage, recognition: ObjectRecognition, caption: Bool = true, fullSize: ImageSize? = nil) throws {
        self.init(photo: photo, recognition: recognition, font: try Font.standard(), caption: caption, fullSize: fullSize)
    }

    /// The band goes at the top unless a face reaches into the top quarter of the photo and
    /// fewer faces reach into the bottom quarter; then at the bottom.
    public static func captionPlacement(faces: [PixelRect], imageHeight: Double) -> CaptionPlacement {
        guard imageHeight > 0 else { return .top }
        let inTop = faces.filter { $0.y < imageHeight * 0.25 }.count
        let inBottom = faces.filter { $0.y + $0.height > imageHeight * 0.75 }.count
        return inTop > 0 && inBottom < inTop ? .bottom : .top
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
