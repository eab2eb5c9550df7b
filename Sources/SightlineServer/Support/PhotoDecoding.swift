// PhotoDecoding: an uploaded photo decoded upright within the pixel limit (a JPEG at a reduced
// scale when the caller needs less than its full size), its failure an `unreadable_image` error
// that says what is wrong with the bytes, or `too_large` naming the pixel limit.
import Foundation
import SightlineImaging

enum PhotoDecoding {
    static func decode(_ upload: PhotoUpload, maxPixels: Int) throws -> RGBImage {
        do {
            return try ImageDecoder.decode(data: upload.data, options: DecodeOptions(maxPixels: maxPixels))
        } catch let error as ImagingError {
            throw APIError.photoError(error)
        }
    }

    /// The photo decoded no larger than needed for `targetSize` (see `DecodeOptions.targetSize`),
    /// with the size of the whole photo.
    static func decode(_ upload: PhotoUpload, maxPixels: Int, targetSize: ImageSize) throws -> (image: RGBImage, fullSize: ImageSize) {
        do {
            return try ImageDecoder.decodeWithFullSize(data: upload.data, options: DecodeOptions(maxPixels: maxPixels, targetSize: targetSize))
        } catch let error as ImagingError {
            throw APIError.photoError(error)
        }
    }
}
