// PhotoDecoding: an uploaded photo decoded upright within the pixel limit, its failure an
// `unreadable_image` error that says what is wrong with the bytes, or `too_large` naming the
// pixel limit.
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
}
