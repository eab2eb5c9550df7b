// ErrorMiddleware: every failure of an API route answered as `{"error": {"code", "message"}}`
// with a fitting status, and logged; 5xx answers are logged as errors with the request.
import Hummingbird
import Logging

struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let failure = APIError.from(error)
            if failure.status.code >= 500, failure.code != "busy" {
                context.logger.error("request failed", metadata: [
                    "method": "\(request.method)", "path": "\(request.uri.path)", "code": "\(failure.code)",
                    "message": "\(failure.message)",
                ])
            }
            return try failure.response(from: request, context: context)
        }
    }
}
