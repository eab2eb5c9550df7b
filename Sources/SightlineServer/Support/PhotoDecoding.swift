// PhotoDecoding: an uploaded photo decoded upright within the pixel limit (a JPEG at a reduced
// scale when the caller needs less than its full size), its failure an `unreadable_image` error
// that says what is wrong with the bytes, or `too_large` naming the pixel limit.
//
// The decoded pixels count against the server's memory budget like the upload's bytes: before
// decoding, the request's reservation grows by `heldBytesPerPixel` for every pixel the header
// says the decode will produce (at the scale the caller asked for). A photo that cannot fit even
// in an empty budget is answered 413 `too_large` naming the budget; one that does not fit now,
// 503 `busy`. So a few large photos decoding at once cannot take more memory than the budget
// allows, whatever their compressed size.
import Foundation
import HTTPTypes
import SightlineImaging

enum PhotoDecoding {
    /// Bytes a decoded pixel holds while a request has it: its RGB bytes and one copy of them
    /// (turned upright, or cut out and resized by the analysis).
    static let heldBytesPerPixel = 6
    /// The size the apps' whole-photo classifiers decode no smaller than: more than any of their
    /// inputs (at most 300 pixels a side), for reserving what they will decode.
    static let classifierDecodingSize = ImageSize(width: 512, height: 512)

    static func decode(_ upload: PhotoUpload, maxPixels: Int) throws -> RGBImage {
        let options = DecodeOptions(maxPixels: maxPixels)
        try reserve(upload, options: options)
        do {
            return try ImageDecoder.decode(data: upload.data, options: options)
        } catch let error as ImagingError {
            throw APIError.photoError(error)
        }
    }

    /// The photo decoded no larger than needed for `targetSize` (see `DecodeOptions.targetSize`),
    /// with the size of the whole photo.
    static func decode(_ upload: PhotoUpload, maxPixels: Int, targetSize: ImageSize) throws -> (image: RGBImage, fullSize: ImageSize) {
        let options = DecodeOptions(maxPixels: maxPixels, targetSize: targetSize)
        try reserve(upload, options: options)
        do {
            return try ImageDecoder.decodeWithFullSize(data: upload.data, options: options)
        } catch let error as ImagingError {
            throw APIError.photoError(error)
        }
    }

    /// Refuses, from its first bytes and header alone, a photo no route could decode (not an image,
    /// a format Sightline does not read, over the pixel limit, an extreme shape) — before the
    /// request waits for an inference slot or a model is loaded for it.
    static func checkHeader(_ upload: PhotoUpload, maxPixels: Int) throws {
        do {
            try ImageDecoder.checkHeader(data: upload.data, options: DecodeOptions(maxPixels: maxPixels))
        } catch let error as ImagingError {
            throw APIError.photoError(error)
        }
    }

    /// For an app that decodes the photo itself: refuses a photo over the pixel limit or of an
    /// extreme shape from its header, and reserves what decoding it for `targetSize` (nil: at
    /// full size) will hold. The app's own decode reports anything else wrong with the bytes.
    static func admit(_ upload: PhotoUpload, maxPixels: Int, targetSize: ImageSize?) throws {
        try reserve(upload, options: DecodeOptions(maxPixels: maxPixels, targetSize: targetSize))
    }

    /// Grows the upload's reservation by what decoding it with `options` will hold.
    private static func reserve(_ upload: PhotoUpload, options: DecodeOptions) throws {
        let pixels: Int?
        do {
            pixels = try ImageDecoder.plannedPixelCount(data: upload.data, options: options)
        } catch let error as ImagingError {
            throw APIError.photoError(error)
        }
        guard let reservation = upload.reservation, let pixels else { return }
        let bytes = pixels.multipliedReportingOverflow(by: heldBytesPerPixel).partialValue
        guard !reservation.grow(by: bytes) else { return }
        let needed = (bytes + (1 << 20) - 1) >> 20, capacity = reservation.budgetCapacity >> 20
        if bytes > reservation.budgetCapacity {
            throw APIError(.contentTooLarge, code: "too_large", message: "Decoding this photo (\(pixels) pixels) would hold \(needed) MiB, "
                           + "more than the server's memory budget of \(capacity) MiB (--max-memory-mb).")
        }
        var error = APIError.busy(retryAfterSeconds: 1)
        error.message = "Sightline is holding too many photos at once to decode this one (\(needed) MiB; the memory budget of "
            + "\(capacity) MiB, --max-memory-mb); try again in 1 s."
        throw error
    }
}
