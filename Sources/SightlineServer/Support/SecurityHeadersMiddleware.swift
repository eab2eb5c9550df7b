// SecurityHeadersMiddleware: the headers every answer carries — a Content-Security-Policy that
// allows only Sightline's own origin (no CDN, no third party), no sniffing, no framing, no
// referrer — and the refusal of cross-site writes: a POST, PUT, PATCH or DELETE, or a WebSocket
// upgrade (the live camera), whose Origin is another site, or that the browser marks as
// cross-site, is answered 403 (no cross-site form posts into the API, no other site's page
// reading the live results).
import HTTPTypes
import Hummingbird

struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; "
            + "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// The headers, in order; the raw 408 for a head that never arrives carries them too.
    static var fields: [HTTPField] {
        [
            HTTPField(name: .contentSecurityPolicy, value: contentSecurityPolicy),
            HTTPField(name: .xContentTypeOptions, value: "nosniff"),
            HTTPField(name: HTTPField.Name("X-Frame-Options")!, value: "DENY"),
            HTTPField(name: HTTPField.Name("Referrer-Policy")!, value: "no-referrer"),
            HTTPField(name: HTTPField.Name("Permissions-Policy")!, value: "camera=(self), microphone=(), geolocation=()"),
            HTTPField(name: HTTPField.Name("Cross-Origin-Opener-Policy")!, value: "same-origin"),
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if Self.isCrossSiteWrite(request) {
            response = try APIError(.forbidden, code: "cross_site",
                                    message: "Requests that change data or open the live camera must come from Sightline's own pages.")
                .response(from: request, context: context)
        } else {
            response = try await next(request, context)
        }
        for field in Self.fields {
            response.headers[field.name] = field.value
        }
        return response
    }

    /// Whether `request` writes or opens a WebSocket on behalf of another site's page. Requests
    /// without Origin and Sec-Fetch-Site (not from a browser) pass.
    static func isCrossSiteWrite(_ request: Request) -> Bool {
        let isUpgrade = request.headers[.upgrade]?.lowercased() == "websocket"
        guard isUpgrade || [.post, .put, .patch, .delete].contains(request.method) else { return false }
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site == "cross-site" || site == "same-site" {
            return true
        }
        guard let origin = request.headers[.origin] else { return false }
        guard let host = request.head.authority else { return true }
        let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
        return origin == "null" || originHost?.lowercased() != host.lowercased()
    }
}
