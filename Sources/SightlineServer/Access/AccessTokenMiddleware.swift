// AccessTokenMiddleware: when Sightline is served beyond loopback, every request must present an
// active access token — `Authorization: Bearer SECRET`, or the `sightline_token` cookie that
// opening the printed URL (`/?token=SECRET`) sets (HttpOnly, Secure, SameSite=Strict) before
// redirecting to the same page without the secret — always a path on this server: one that
// would leave it (`//other.example/`) redirects to `/`. /healthz and /readyz stay open (a load
// balancer's checks; they say only whether the server is up and ready). Anything else — /metrics
// included — gets 401.
import Foundation
import HTTPTypes
import Hummingbird
import SightlineStore

struct AccessTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    static var cookieName: String { "sightline_token" }

    /// The paths served without a token.
    static var openPaths: Set<String> { ["/healthz", "/readyz"] }

    let store: any Store

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.openPaths.contains(request.uri.path) { return try await next(request, context) }
        if let secret = request.uri.queryParameters.get("token"), request.method == .get {
            guard try await AccessTokenSecret.verify(secret, in: store) != nil else { throw Self.refusal }
            var response = Response(status: .seeOther)
            response.headers[.location] = Self.localRedirect(to: request.uri.path)
            response.headers[.setCookie] = "\(Self.cookieName)=\(secret); Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=31536000"
            return response
        }
        guard let secret = Self.presentedSecret(request), try await AccessTokenSecret.verify(secret, in: store) != nil else {
            throw Self.refusal
        }
        return try await next(request, context)
    }

    static var refusal: APIError {
        APIError(.unauthorized, code: "token_required",
                 message: "This Sightline needs an access token: open the URL `sightline serve` printed, or send Authorization: Bearer TOKEN.")
    }

    /// `path` when browsers read it as a path on this server: it starts with one `/` not
    /// followed by another `/` or a `\` (both make a browser leave for another host); otherwise `/`.
    static func localRedirect(to path: String) -> String {
        let second = path.dropFirst().first
        return path.hasPrefix("/") && second != "/" && second != "\\" ? path : "/"
    }

    static func presentedSecret(_ request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        for field in request.headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == cookieName { return parts[1] }
            }
        }
        return nil
    }
}
