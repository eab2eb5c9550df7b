// SystemRoutes: `/healthz` (is the server up, is the store readable, how busy is inference)
// and the OpenAPI 3.1 document at `/openapi.json`.
import Foundation
import Hummingbird
import SightlinePresentation

struct SystemRoutes {
    let services: AppServices

    static let version = "0.4.0"

    func register(on router: Router<some RequestContext>) {
        router.get("healthz", use: health)
        router.get("openapi.json", use: openAPI)
    }

    /// `{"status": "ok", "version", "inference": {"running", "waiting"}}`
    @Sendable func health(_ request: Request, context: some RequestContext) async throws -> Response {
        let load = await services.gate.load
        return try JSONResponse.make(HealthJSON(version: Self.version, running: load.running, waiting: load.waiting))
    }

    @Sendable func openAPI(_ request: Request, context: some RequestContext) async throws -> Response {
        let data = try Data(contentsOf: ServerResources.openAPIDocument)
        var response = JSONResponse.bytes(data, contentType: "application/json; charset=utf-8")
        response.headers[.cacheControl] = "no-cache"
        return response
    }
}
