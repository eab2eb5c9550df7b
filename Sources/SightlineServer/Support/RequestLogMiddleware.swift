// RequestLogMiddleware: one log line per answered request — method, path, query, status and
// duration — with the value of every `token` query parameter written as REDACTED, so the
// access token in the printed `/?token=SECRET` URL never reaches the log.
import Foundation
import Hummingbird
import Logging

struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, since: start, context: context)
            return response
        } catch {
            log(request, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start, context: context)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant, context: Context) {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)",
            "path": "\(request.uri.path)",
            "status": "\(status)",
            "milliseconds": "\(String(format: "%.1f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15))",
        ]
        if let query = request.uri.query {
            metadata["query"] = "\(Self.redacted(query: query))"
        }
        context.logger.info("request", metadata: metadata)
    }

    /// `query` with the value of each parameter named `token` (in any case or percent-encoding)
    /// replaced by REDACTED.
    static func redacted(query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let decoded = String(name).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(name)
            return decoded.lowercased() == "token" ? "\(name)=REDACTED" : String(pair)
        }.joined(separator: "&")
    }
}
