// MultipartBoundary: a multipart/form-data body split into its parts with MultipartKit's
// parser — each part's field name, file name and bytes — and the boundary read from the
// Content-Type header.
import Foundation
import MultipartKit
import NIOCore

package struct FormPart: Sendable {
    var name: String?
    var fileName: String?
    var body: Data
}

package enum MultipartBoundary {
    /// The `boundary=` parameter of a multipart Content-Type, unquoted.
    static func value(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty || value.count > 70 ? nil : value
        }
        return nil
    }

    static func parts(of body: ByteBuffer, boundary: String) throws -> [FormPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [FormPart] = []
        var headers: [(String, String)] = []
        var bytes = Data()
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { buffer in bytes.append(contentsOf: buffer.readableBytesView) }
        parser.onPartComplete = {
            let disposition = headers.first { $0.0.lowercased() == "content-disposition" }?.1 ?? ""
            parts.append(FormPart(name: parameter("name", in: disposition), fileName: parameter("filename", in: disposition),
                                  body: bytes))
            headers = []
            bytes = Data()
        }
        do {
            try parser.execute(body)
        } catch {
            throw APIError.badRequest("The multipart/form-data body is malformed (\(error)).")
        }
        guard !parts.isEmpty else { throw APIError.badRequest("The multipart/form-data body has no parts.") }
        return parts
    }

    /// `name="photo"` → "photo" in a Content-Disposition header.
    private static func parameter(_ key: String, in disposition: String) -> String? {
        for item in disposition.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
