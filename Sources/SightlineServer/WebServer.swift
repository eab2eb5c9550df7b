// WebServer: `sightline serve` assembled — the router with the JSON API, the live WebSocket,
// /healthz, /readyz, /metrics, /openapi.json and the web app's files, its middleware (request
// metrics, request logs without the
// token, security headers, the Host allowlist, no control characters in paths, errors as JSON,
// the access token beyond loopback, the request time limit), answers with `Connection: close`
// that end the connection, the idle timeout of connections,
// the limits and deadline of their first request head and the answer when it cannot be parsed,
// HTTPS when a certificate is given, and the Hummingbird application that runs it until SIGINT
// or SIGTERM.
import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import NIOCore
public import Logging
public import SightlineStore
public import SightlineVision

public struct WebServer: Sendable {
    public let configuration: ServerConfiguration
    let services: AppServices

    /// - Throws: `StoreError` when the database cannot be opened (it is never overwritten).
    public init(configuration: ServerConfiguration, store: any Store, models: ModelStore = ModelStore()) {
        self.configuration = configuration
        services = AppServices(configuration: configuration, store: store, models: models)
    }

    /// The application, ready to run; `onRunning` receives the bound port once it listens.
    public func application(logger: Logger = Logger(label: "sightline.serve"),
                            onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        throws -> some ApplicationProtocol {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let listeningPort = ListeningPort()
        router.middlewares.add(RequestMetricsMiddleware(metrics: services.metrics))
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(SecurityHeadersMiddleware())
        // Before anything that reads: a rebound name reaches no route, file or health check.
        router.middlewares.add(HostAllowlistMiddleware(configuration: configuration, port: listeningPort))
        router.middlewares.add(RequestPathMiddleware())
        router.middlewares.add(ErrorMiddleware(webRoot: configuration.webRoot))
        if configuration.requiresToken {
            router.middlewares.add(AccessTokenMiddleware(store: services.store))
        }
        router.middlewares.add(RequestTimeoutMiddleware(limit: configuration.requestTimeout))
        router.middlewares.add(FileMiddleware(configuration.webRoot.path, searchForIndexHtml: true, logger: logger))
        SystemRoutes(services: services).register(on: router)
        WebAppRoutes(webRoot: configuration.webRoot).register(on: router)
        let api = router.group("api/v1")
        VisionRoutes(services: services).register(on: api)
        RecognizerRoutes(services: services).register(on: api)
        WasteRoutes(services: services).register(on: api)
        CatRoutes(services: services).register(on: api)
        KitchenRoutes(services: services).register(on: api)
        LibraryRoutes(services: services).register(on: api)
        LiveRoute(services: services).register(on: router)
        let webSocketResponder = router.buildResponder()
        let http = HTTPServerBuilder { [configuration] responder in
            RequestHeadDeadlineChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(
                        http1: .init(additionalChannelHandlers: [ClosingResponseHandler()],
                                     idleTimeout: TimeAmount(configuration.idleTimeout),
                                     httpDecoderConfiguration: RequestHeadLimits.decoder),
                        ws: .init(maxFrameSize: configuration.maxFrameBytes))),
                limit: configuration.requestTimeout)
        }
        return Application(
            router: router,
            server: try configuration.certificate.map { try .tls(http, tlsConfiguration: $0.tlsConfiguration()) } ?? http,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Sightline"),
            onServerRunning: { [services, configuration] channel in
                let port = channel.localAddress?.port ?? 0
                listeningPort.set(port)
                if configuration.warmUp { services.warmUp() }
                await onRunning(port)
            },
            logger: logger)
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests in flight and returns.
    public func run(logger: Logger = Logger(label: "sightline.serve"),
                    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await application(logger: logger, onRunning: onRunning).runService()
    }
}
