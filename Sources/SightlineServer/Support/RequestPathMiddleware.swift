// RequestPathMiddleware: URLs no page or file has are answered before any route or file sees
// them: longer than `RequestHeadLimits.requestLineBytes`, 414 `uri_too_long` (a connection's
// first request is cut off there by the head deadline already; this holds for later ones);
// paths with these, 400 `bad_request`:
// - a control character once percent-decoded (NUL, CR, LF, … U+0000–U+001F, U+007F): a NUL
//   would cut the path short where the file is opened while its type is still taken from the
//   whole name, so `/assets/app.css%00.html` would be the style sheet served as text/html;
// - a leading `//` or `/\`: the file middleware answers a folder asked for without its trailing
//   slash with a redirect to the path plus `/`, and a browser reads `Location: //assets/` as
//   the host `assets`.
import Hummingbird

struct RequestPathMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.description.utf8.count > RequestHeadLimits.requestLineBytes {
            return try RequestHeadLimits.uriTooLong.response(from: request, context: context)
        }
        if Self.holdsControlCharacter(request.uri.path) {
            return try APIError.badRequest("The request's path holds a control character (such as %00); no page or file has one.")
                .response(from: request, context: context)
        }
        if Self.leavesThisServer(request.uri.path) {
            return try APIError.badRequest("The request's path starts with // or /\\; no page or file does.")
                .response(from: request, context: context)
        }
        return try await next(request, context)
    }

    /// Whether `path`, decoded byte by byte (so that invalid UTF-8 hides nothing), holds a byte
    /// below 0x20 or 0x7F.
    static func holdsControlCharacter(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[index + 1 ... index + 2], as: UTF8.self), radix: 16) {
                byte = value
                index += 3
            } else {
                index += 1
            }
            if byte < 0x20 || byte == 0x7F { return true }
        }
        return false
    }

    /// Whether `path` starts with `//` or `/\`, which a browser given it as a redirect reads as
    /// another host.
    static func leavesThisServer(_ path: String) -> Bool {
        path.hasPrefix("//") || path.hasPrefix("/\\")
    }
}
