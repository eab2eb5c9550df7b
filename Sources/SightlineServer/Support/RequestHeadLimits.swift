// RequestHeadLimits: how large a request head may be — its request line (the method, the URL and
// the version: 8 KiB, answered 414), its header fields (at most 100, 16 KiB each, 64 KiB in all:
// answered 431) — and the HTTP/1.1 decoder's configuration that enforces the header limits.
// Browsers send a few hundred bytes in a dozen fields; the limits bound the memory a connection
// can make the server hold before any route runs.
import HTTPTypes
import HummingbirdCore

enum RequestHeadLimits {
    /// The most bytes of a request line, without its line end.
    static let requestLineBytes = 8 << 10
    static let headerFieldCount = 100
    static let headerFieldBytes = 16 << 10
    static let headerBytes = 64 << 10

    static var decoder: HTTP1Channel.Configuration.DecoderConfiguration {
        .init(maxHeaderFieldSize: headerFieldBytes, maxHeaderListSize: headerBytes, maxHeaderFieldCount: headerFieldCount)
    }

    /// 414 `uri_too_long`, naming the limit.
    static var uriTooLong: APIError {
        APIError(.uriTooLong, code: "uri_too_long", message: """
            The request line is longer than \(requestLineBytes) bytes; no page or API route has a URL that long.
            """, headers: [.connection: "close"])
    }

    /// 431 `headers_too_large`, naming the limits.
    static var headersTooLarge: APIError {
        APIError(.requestHeaderFieldsTooLarge, code: "headers_too_large", message: """
            The request's header fields are too large: at most \(headerFieldCount) fields of \(headerFieldBytes) bytes, \
            \(headerBytes) bytes in all (the request line counts too); the connection is closed.
            """, headers: [.connection: "close"])
    }
}
