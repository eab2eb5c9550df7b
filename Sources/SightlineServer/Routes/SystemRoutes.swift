// SystemRoutes: `/healthz` (is the process up, how busy is inference), `/readyz` (should it be
// sent requests: the store answers, the warmed-up models have loaded), `/metrics` (Prometheus's
// text format) and the OpenAPI 3.1 document at `/openapi.json`.
import Foundation
import Hummingbird
import SightlinePresentation
import SightlineStore

struct SystemRoutes {
    let services: AppServices

    static let version = "0.4.0"

    func register(on router: Router<some RequestContext>) {
        router.get("healthz", use: health)
        router.get("readyz", use: ready)
        router.get("metrics", use: metrics)
        router.get("openapi.json", use: openAPI)
    }

    /// `{"status": "ok", "version", "inference": {"running", "waiting"}}`
    @Sendable func health(_ request: Request, context: some RequestContext) async throws -> Response {
        let load = await services.gate.load
        return try JSONResponse.make(HealthJSON(version: Self.version, running: load.running, waiting: load.waiting))
    }

    /// 200 with `ReadinessJSON` when ready, 503 with the same object (and `Retry-After`) when
    /// not: a store that does not answer, models still loading or that failed to load.
    @Sendable func ready(_ request: Request, context: some RequestContext) async throws -> Response {
        let store = services.store
        let storeError: String?
        do {
            try await store.checkReachable()
            storeError = nil
        } catch {
            storeError = APIError.from(error).message
        }
        let models = services.readiness.states?.map { component in
            switch component.state {
            case .loading: ReadinessJSON.Component(name: component.name, state: "loading")
            case .loaded: ReadinessJSON.Component(name: component.name, state: "loaded")
            case .failed(let message): ReadinessJSON.Component(name: component.name, state: "failed", message: message)
            }
        }
        let answer = ReadinessJSON(storeError: storeError, models: models)
        var response = try JSONResponse.make(answer)
        if !answer.isReady {
            response.status = .serviceUnavailable
            response.headers[.retryAfter] = "5"
        }
        return response
    }

    /// Every metric in Prometheus's text exposition format (version 0.0.4).
    @Sendable func metrics(_ request: Request, context: some RequestContext) async throws -> Response {
        let load = await services.gate.load
        services.metrics.sample(inferenceRunning: load.running, inferenceWaiting: load.waiting,
                                liveSockets: services.liveSockets.count)
        // The index's counts are the store's; a store that cannot answer leaves the last ones.
        let store = services.store
        if let status = try? await store.photoIndex.status(now: Date(), rateWindow: 60, failures: 0) {
            services.metrics.sample(photoIndex: status)
        }
        var response = JSONResponse.bytes(Data(services.metrics.exposition().utf8),
                                          contentType: "text/plain; version=0.0.4; charset=utf-8")
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func openAPI(_ request: Request, context: some RequestContext) async throws -> Response {
        let data = try Data(contentsOf: ServerResources.openAPIDocument)
        var response = JSONResponse.bytes(data, contentType: "application/json; charset=utf-8")
        response.headers[.cacheControl] = "no-cache"
        return response
    }
}
