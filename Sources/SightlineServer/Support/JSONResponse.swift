// JSONResponse: a JSONLine as an HTTP response (application/json; charset=utf-8).
import Foundation
import HTTPTypes
import Hummingbird
import SightlinePresentation

enum JSONResponse {
    static func make(_ value: JSONLine, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: value.text)))
    }

    /// An Encodable app value, keys in encoding order.
    static func encoding<Value: Encodable>(_ value: Value, status: HTTPResponse.Status = .ok) throws -> Response {
        make(try JSONLine.encoding(value), status: status)
    }

    /// Binary content such as a JPEG from the history.
    static func bytes(_ data: Data, contentType: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.cacheControl] = "private, max-age=3600"
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
