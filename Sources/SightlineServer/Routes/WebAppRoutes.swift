// WebAppRoutes: the web app's pages. Every app has its own URL (/recognizer, /waste, /cat,
// /breeds, /kitchen, /library and the pages below them); each answers with index.html and the app's
// JavaScript router shows the page. Other files (assets/…) are served by the file middleware.
import Foundation
import Hummingbird

struct WebAppRoutes {
    let webRoot: URL

    /// The first path segment of each app's pages.
    static let pagePrefixes = ["recognizer", "waste", "cat", "breeds", "kitchen", "library", "settings"]

    func register(on router: Router<some RequestContext>) {
        for prefix in Self.pagePrefixes {
            router.get(RouterPath(prefix), use: page)
            router.get(RouterPath("\(prefix)/**"), use: page)
        }
    }

    @Sendable func page(_ request: Request, context: some RequestContext) async throws -> Response {
        let data = try Data(contentsOf: webRoot.appendingPathComponent("index.html"))
        var response = JSONResponse.bytes(data, contentType: "text/html; charset=utf-8")
        response.headers[.cacheControl] = "no-cache"
        return response
    }
}
