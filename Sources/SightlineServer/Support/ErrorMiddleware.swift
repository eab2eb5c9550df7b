// ErrorMiddleware: every failure answered as `{"error": {"code", "message"}}` with a fitting
// status, and logged (5xx as errors with the request and the full error, paths included, which
// the answer leaves out) — except a browser asking for a page that does not exist, which gets
// the web app (status 404) so it can show its own "page not found".
import Foundation
import Hummingbird
import Logging

struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let webRoot: URL

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let failure = APIError.from(error)
            if failure.status == .notFound, request.method == .get, !request.uri.path.hasPrefix("/api/"),
               request.headers[.accept]?.contains("text/html") == true,
               let page = try? Data(contentsOf: webRoot.appendingPathComponent("index.html")) {
                var response = JSONResponse.bytes(page, contentType: "text/html; charset=utf-8")
                response.status = .notFound
                response.headers[.cacheControl] = "no-cache"
                return response
            }
            if failure.status.code >= 500, failure.code != "busy" {
                context.logger.error("request failed", metadata: [
                    "method": "\(request.method)", "path": "\(request.uri.path)", "code": "\(failure.code)",
                    "message": "\(failure.message)", "error": "\(error)",
                ])
            }
            return try failure.response(from: request, context: context)
        }
    }
}
