// PhotoUpload: the photo of an inference request — the raw body (image/jpeg, image/png,
// image/webp or application/octet-stream) or the `photo` field of a multipart/form-data body —
// read within the upload limit. The client's file name is kept only to be echoed as "file".
import Foundation
import Hummingbird
import NIOCore

package struct PhotoUpload: Sendable {
    var data: Data
    /// The uploaded file's name (never used as a path), or "upload" for a raw body.
    var fileName: String

    static let rawFileName = "upload"

    static func read(from request: Request, limit: Int) async throws -> PhotoUpload {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let isMultipart = mediaType == "multipart/form-data"
        guard isMultipart || mediaType.hasPrefix("image/") || mediaType == "application/octet-stream" else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", message: mediaType.isEmpty
                ? "Send the photo as the request body with Content-Type image/jpeg, image/png or image/webp, or as the field \"photo\" of a multipart/form-data upload."
                : "Content-Type \(mediaType) is not a photo; send image/jpeg, image/png, image/webp or multipart/form-data.")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw tooLarge(limit: limit)
        }
        let upload = isMultipart
            ? try multipartPhoto(body, contentType: request.headers[.contentType] ?? "")
            : PhotoUpload(data: Data(body.readableBytesView), fileName: rawFileName)
        guard !upload.data.isEmpty else { throw APIError.badRequest("The photo is empty (0 bytes).") }
        return upload
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
