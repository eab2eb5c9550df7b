// PhotoUpload: the photo of an inference request — the raw body (image/jpeg, image/png,
// image/webp or application/octet-stream) or the `photo` field of a multipart/form-data body —
// read within the upload limit and the server's memory budget, before the request waits for an
// inference slot (a slow upload holds no slot). The client's file name is kept only to be echoed
// as "file".
import Foundation
import Hummingbird
package import NIOCore

package struct PhotoUpload: Sendable {
    var data: Data
    /// The uploaded file's name (never used as a path), or "upload" for a raw body.
    var fileName: String
    /// The memory budget this photo holds while the request has it.
    var reservation: MemoryReservation?

    static let rawFileName = "upload"

    /// Reads the photo as it arrives, reserving twice its bytes (the bytes received and the copy
    /// the analysis reads) from `budget`.
    ///
    /// - Throws: 415 for a body that is no photo type, 413 past `limit`, 503 `busy` (with
    ///   `Connection: close`: the rest of the body is dropped unkept and the connection ends
    ///   after the answer) when the budget has no room.
    static func read(from request: Request, limit: Int, budget: MemoryBudget) async throws -> PhotoUpload {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let isMultipart = mediaType == "multipart/form-data"
        guard isMultipart || mediaType.hasPrefix("image/") || mediaType == "application/octet-stream" else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", message: mediaType.isEmpty
                ? "Send the photo as the request body with Content-Type image/jpeg, image/png or image/webp, or as the field \"photo\" of a multipart/form-data upload."
                : "Content-Type \(mediaType) is not a photo; send image/jpeg, image/png, image/webp or multipart/form-data.")
        }
        let reservation = MemoryReservation(budget: budget)
        var body = ByteBuffer()
        for try await chunk in request.body {
            guard chunk.readableBytes <= limit - body.readableBytes else { throw tooLarge(limit: limit) }
            guard reservation.grow(by: 2 * chunk.readableBytes) else { throw overBudget(budget) }
            body.writeImmutableBuffer(chunk)
        }
        var upload = isMultipart
            ? try multipartPhoto(body, contentType: request.headers[.contentType] ?? "")
            : PhotoUpload(data: Data(body.readableBytesView), fileName: rawFileName)
        guard !upload.data.isEmpty else { throw APIError.badRequest("The photo is empty (0 bytes).") }
        upload.reservation = reservation
        return upload
    }

    /// 503 `busy`: the photos being received and held fill the memory budget.
    static func overBudget(_ budget: MemoryBudget) -> APIError {
        var error = APIError.busy(retryAfterSeconds: 1)
        error.message = "Sightline is receiving and holding too many photos at once (the memory budget of "
            + "\(budget.capacity >> 20) MiB, --max-memory-mb); try again in 1 s."
        error.headers[.connection] = "close"
        return error
    }

    static func tooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "too_large",
                 message: "The upload is larger than the limit of \(limit / (1 << 20)) MiB (max-upload-bytes = \(limit)).")
    }

    package static func multipartPhoto(_ body: ByteBuffer, contentType: String) throws -> PhotoUpload {
        guard let boundary = MultipartBoundary.value(in: contentType) else {
            throw APIError.badRequest("The multipart/form-data Content-Type has no boundary.")
        }
        let parts = try MultipartBoundary.parts(of: body, boundary: boundary)
        guard let part = parts.first(where: { $0.name == "photo" }) ?? parts.first(where: { $0.fileName != nil }) else {
            throw APIError.badRequest("The form has no field \"photo\" holding the photo.")
        }
        return PhotoUpload(data: part.body, fileName: part.fileName.map(sanitisedName) ?? rawFileName)
    }

    /// The last path component, without control characters, at most 200 characters: only ever
    /// echoed back, never used to open or create a file.
    private static func sanitisedName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init))
        return clean.isEmpty ? rawFileName : String(clean.prefix(200))
    }
}
