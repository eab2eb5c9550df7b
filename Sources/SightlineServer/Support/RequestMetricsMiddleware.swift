// RequestMetricsMiddleware: counts every request for `/metrics` — by the route it matched (the
// route's pattern, such as /api/v1/classify or /api/v1/recognizer/history/:id, so no path a
// client chose becomes a label; Hummingbird names the web app's files "FileMiddleware" and a path
// nothing serves "NotFound"), its method and the status it was answered with — and times it from
// its head to the end of its answer's body.
import Hummingbird

struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = metrics.requestStarted()
        let method = request.method.rawValue
        do {
            var response = try await next(request, context)
            let (status, route, body) = (response.status.code, Self.route(context), response.body)
            // Counted once the body is written (or its writing failed): a file's or a stream's
            // time includes sending it.
            response.body = ResponseBody(contentLength: body.contentLength) { [metrics] writer in
                defer { metrics.requestFinished(started: started, route: route, method: method, status: status) }
                try await body.write(writer)
            }
            return response
        } catch {
            metrics.requestFinished(started: started, route: Self.route(context), method: method,
                                    status: (error as? any HTTPResponseError)?.status.code ?? 500)
            throw error
        }
    }

    private static func route(_ context: Context) -> String { context.endpointPath ?? "unmatched" }
}
