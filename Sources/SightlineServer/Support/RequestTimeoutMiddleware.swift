// RequestTimeoutMiddleware: the request time limit. Every request is answered within it — from
// the moment its head has arrived, through reading the upload, waiting for an inference slot
// and the analysis, to the answer — or else with 408 `request_timeout` naming the limit; the
// handler is cancelled (a trickling upload stops being read, a waiting request leaves the
// queue, running model work has its result dropped).
import Foundation
import HTTPTypes
import Hummingbird

struct RequestTimeoutMiddleware<Context: RequestContext & Sendable>: RouterMiddleware {
    let limit: Duration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let limit = limit
        // The handler runs in a child task so that the deadline can cancel it. `next` does not
        // really escape: the task group awaits every child before it returns.
        return try await withoutActuallyEscaping(next) { next in
            let handler = Handler(respond: next)
            return try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await handler.respond(request, context) }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                guard let response = try await group.next() ?? nil else { throw Self.timeout(limit: limit) }
                return response
            }
        }
    }

    /// 408 `request_timeout`, with `Connection: close`: the rest of a late upload is not read.
    static func timeout(limit: Duration) -> APIError {
        var headers = HTTPFields()
        headers[.connection] = "close"
        return APIError(.requestTimeout, code: "request_timeout", message: """
            The request took longer than the request time limit of \(seconds(limit)) s (--request-timeout-seconds): \
            reading the upload, waiting for an inference slot and the analysis all count. Try again when the server \
            is less busy, or with a smaller photo.
            """, headers: headers)
    }

    /// "30", "2.5", "0.001"
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        return String(format: "%g", Double(whole) + Double(attoseconds) / 1e18)
    }

    /// The rest of the middleware chain, handed to the child task. It is called once, only there,
    /// and Hummingbird builds the chain from `@Sendable` responders.
    private struct Handler: @unchecked Sendable {
        let respond: (Request, Context) async throws -> Response
    }
}
