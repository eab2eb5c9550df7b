// FuzzMultipart: libFuzzer target for the server's multipart/form-data upload path — the
// boundary read from the Content-Type header, MultipartBoundary's parser, the choice of the
// photo part and the clean-up of its file name (PhotoUpload). An input is the Content-Type
// header value, a line feed, then the body. Every input must give a photo or an
// APIError; a trap, a sanitizer report or a hang is a finding.
import Foundation
import FuzzSupport
import Hummingbird
import SightlineServer

@main
enum FuzzMultipartMain {
    static func main() { LibFuzzer.run(fuzzMultipart) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = UnsafeBufferPointer(start: bytes, count: count)
    let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? count
    let contentType = String(decoding: input[..<newline], as: UTF8.self)
    let body = ByteBuffer(bytes: input[min(newline + 1, count)...])
    do {
        _ = try PhotoUpload.multipartPhoto(body, contentType: contentType)
    } catch is APIError {
        // A malformed or photo-less form is refused with a 400 answer.
    } catch {
        preconditionFailure("the multipart path threw something other than an APIError: \(error)")
    }
    return 0
}
