// JSONResponse: a JSONAnswer as an HTTP response (application/json; charset=utf-8), and the
// history's photos as bytes.
import Foundation
import HTTPTypes
import Hummingbird
import SightlinePresentation

enum JSONResponse {
    /// `answer` written by Presentation's one encoder; its keys keep their declared order.
    static func make(_ answer: some JSONAnswer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: try answer.jsonText())))
    }

    /// Binary content such as a JPEG from the history.
    static func bytes(_ data: Data, contentType: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.cacheControl] = "private, max-age=3600"
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
