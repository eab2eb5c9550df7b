// ServeCommand: `sightline serve` — the web app, the JSON API and the live camera, with the
// apps' data in the data directory's SQLite database; beyond loopback only with an access token
// and HTTPS.
import ArgumentParser
import Foundation
import Logging
import SightlineCommandSupport
import SightlineDataHome
import SightlineEngine
import SightlineServer
import SightlineStore
import SightlineVision

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app and the JSON API (open the printed URL in a browser).",
        discussion: """
            Serves the four apps in the browser, the JSON API under /api/v1/ (documented by the \
            OpenAPI document at /openapi.json), the live camera WebSocket, /healthz (the process \
            is up), /readyz (ready for requests: the database answers and every app's models, \
            loaded as soon as the server listens unless --no-warm-up, have loaded; 503 until \
            then) and /metrics (Prometheus's text format: requests by route and status, \
            latencies, inference slots and queue, model load times). The apps' \
            data (histories, lists, favourites, consent) is kept in sightline.sqlite in the data \
            directory ($SIGHTLINE_HOME or ~/.local/share/sightline). Stop with Ctrl-C (SIGINT) \
            or SIGTERM: requests in flight are finished first.

            On a loopback address (the default 127.0.0.1) no token is needed. To use Sightline \
            from a phone, serve on the LAN with --host 0.0.0.0 (or the machine's address) and \
            --tls: browsers allow the camera only over HTTPS. A self-signed certificate is made \
            once and kept in the data directory's tls/ folder; its SHA-256 fingerprint is \
            printed so you can compare it with what the phone shows. Every start beyond \
            loopback also creates an access token and prints the URL that carries it; opening \
            that URL stores the token in a cookie. Tokens are stored only as hashes: list and \
            revoke them with `sightline tokens`. Without --tls, Sightline refuses to listen \
            beyond loopback.

            Requests must name this server in their Host header — 127.0.0.1, localhost, [::1], \
            the --host address, with --tls the certificate's names (this machine's name, its \
            LAN addresses when listening on 0.0.0.0, --tls-name), and each --allow-host name — \
            so that another site's page cannot reach it through a name that resolves to this \
            machine (DNS rebinding); other Hosts are answered 421. Behind a reverse proxy, or \
            by a name not listed, add --allow-host NAME.

            Several replicas can serve one data directory behind a reverse proxy (deploy/ has a \
            systemd unit and an nginx configuration): each on its own loopback port with \
            --require-token (the proxy reaches them on loopback for every visitor) and \
            --allow-host with the proxy's public name; a capture saved through one is listed by \
            the others, and a token made with `sightline tokens create` works on all of them.

            Limits: --max-upload-mb per photo upload (413 too_large); photos with more than \
            --max-megapixels are refused before decoding (413 too_large); a request not answered \
            within --request-timeout-seconds — reading the upload, waiting for an inference slot \
            and the analysis all count — is answered 408 request_timeout, as is a new connection \
            whose first request head has not arrived within it; a connection that sends nothing \
            for twice that long is closed; models larger than --max-model-mb or with more \
            than --max-model-nodes graph nodes are not loaded (422 invalid); --inference-slots \
            analyses run at once and --inference-queue more may wait — beyond that requests are \
            answered 503 with Retry-After.
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Flag(help: "Serve HTTPS with a self-signed certificate (needed beyond loopback).")
    var tls = false

    @Option(help: ArgumentHelp("Extra names or addresses the certificate is for (with --tls).", valueName: "name"))
    var tlsName: [String] = []

    @Option(help: ArgumentHelp("Another name or address the server may be reached by, besides 127.0.0.1, localhost, [::1], "
        + "--host and with --tls the certificate's names (repeatable); requests naming any other host are refused.",
        valueName: "name"))
    var allowHost: [String] = []

    @Option(help: "The largest photo upload, in MiB.")
    var maxUploadMb = 32

    @Option(help: "The most pixels a photo may have, in millions.")
    var maxMegapixels = 100.0

    @Option(help: "How many analyses run at once.")
    var inferenceSlots = 2

    @Option(help: "How many analyses may wait for a free slot.")
    var inferenceQueue = 8

    @Option(help: ArgumentHelp("The memory for photos being received and held, in MiB (each upload counts twice its size); "
        + "an upload that does not fit is answered 503 busy."))
    var maxMemoryMb = 256

    @Option(help: "How many live-camera connections may be open at once.")
    var maxLiveSockets = 16

    @Option(help: "The longest a request may take, in seconds, from its arrival to its answer.")
    var requestTimeoutSeconds = 30.0

    @Option(help: "The largest model file that is loaded, in MiB.")
    var maxModelMb = ModelLoadingLimits().maximumFileSize >> 20

    @Option(help: "The most nodes a model's graph may have to be loaded.")
    var maxModelNodes = ModelLoadingLimits().maximumNodeCount

    @Flag(help: "Require an access token on a loopback address too: for replicas behind a reverse proxy, which reaches them on loopback for everyone. Make tokens with `sightline tokens create`; none is made at start.")
    var requireToken = false

    @Flag(inversion: .prefixedNo, help: "Load every app's models as soon as the server listens (/readyz answers 503 until they have), rather than on each one's first use.")
    var warmUp = true

    func validate() throws {
        guard (0 ... 65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, got \(port).") }
        guard (1 ... 1024).contains(maxUploadMb) else { throw ValidationError("--max-upload-mb must be from 1 to 1024, got \(maxUploadMb).") }
        guard maxMegapixels >= 1, maxMegapixels <= 1000 else {
            throw ValidationError("--max-megapixels must be from 1 to 1000, got \(maxMegapixels).")
        }
        guard (1 ... 64).contains(inferenceSlots) else { throw ValidationError("--inference-slots must be from 1 to 64.") }
        guard (0 ... 1024).contains(inferenceQueue) else { throw ValidationError("--inference-queue must be from 0 to 1024.") }
        guard (16 ... 1 << 20).contains(maxMemoryMb) else {
            throw ValidationError("--max-memory-mb must be from 16 to 1048576, got \(maxMemoryMb).")
        }
        guard (1 ... 4096).contains(maxLiveSockets) else {
            throw ValidationError("--max-live-sockets must be from 1 to 4096, got \(maxLiveSockets).")
        }
        guard requestTimeoutSeconds >= 0.001, requestTimeoutSeconds <= 3600 else {
            throw ValidationError("--request-timeout-seconds must be from 0.001 to 3600, got \(requestTimeoutSeconds).")
        }
        guard (1 ... 1 << 20).contains(maxModelMb) else { throw ValidationError("--max-model-mb must be from 1 to 1048576, got \(maxModelMb).") }
        guard maxModelNodes >= 1 else { throw ValidationError("--max-model-nodes must be at least 1, got \(maxModelNodes).") }
    }

    func run() async throws {
        let requestTimeout = Duration.seconds(requestTimeoutSeconds)
        var configuration = ServerConfiguration(
            host: host, port: port, allowedHosts: allowHost,
            maxUploadBytes: maxUploadMb << 20, maxLiveSockets: maxLiveSockets, maxPixels: Int(maxMegapixels * 1_000_000),
            inferenceSlots: inferenceSlots, inferenceQueueLength: inferenceQueue, maxMemoryBytes: maxMemoryMb << 20,
            // Longer than the request time limit, so that a stalled upload is answered 408 first.
            requestTimeout: requestTimeout, idleTimeout: requestTimeout * 2, warmUp: warmUp)
        if requireToken { configuration.requiresToken = true }
        if !configuration.isLoopback, !tls {
            throw CommandFailure("""
                Refusing to listen on \(host) without --tls: other devices would send their photos and the access \
                token unencrypted, and phone browsers allow the camera only over HTTPS. Add --tls, or serve on \
                127.0.0.1 (the default) for this machine only.
                """)
        }
        // A database that cannot be used stops the server before it listens.
        let store = try await database.open()
        let listensEverywhere = ["0.0.0.0", "::"].contains(host)
        let lanAddresses = listensEverywhere ? NetworkAddresses.ipv4() : []
        if tls {
            let names = Array(Set(["localhost", "127.0.0.1", ProcessInfo.processInfo.hostName] + tlsName + lanAddresses
                + (listensEverywhere ? [] : [host]))).sorted()
            configuration.certificate = try SelfSignedCertificate.loadOrCreate(
                in: DataHome.directory().appendingPathComponent("tls", isDirectory: true), names: names)
            configuration.allowedHosts += names
        }
        // Beyond loopback each start makes a token and prints its link; behind a proxy
        // (--require-token on loopback) the operator makes them.
        let secret = !configuration.isLoopback
            ? try await AccessTokenSecret.create(name: "serve on \(host) at \(ISO8601DateFormatter().string(from: Date()))", in: store).secret
            : nil
        var models = ModelStore()
        models.loadingLimits = ModelLoadingLimits(maximumFileSize: maxModelMb << 20, maximumNodeCount: maxModelNodes)
        let server = WebServer(configuration: configuration, store: store, models: models)
        // Structured logs go to stderr; stdout carries only the lines with the URL.
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "sightline.serve")
        logger.logLevel = .info
        let scheme = tls ? "https" : "http"
        let shownHost = listensEverywhere ? lanAddresses.first ?? ProcessInfo.processInfo.hostName : host
        let displayHost = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
        let fingerprint = configuration.certificate?.fingerprint
        try await server.run(logger: logger) { port in
            var lines = ["Sightline is serving on \(scheme)://\(displayHost):\(port)/ — open it in a browser; Ctrl-C stops it."]
            if let secret {
                lines.append("Access token (open this URL on your phone once): \(scheme)://\(displayHost):\(port)/?token=\(secret)")
            }
            if let fingerprint {
                lines.append("Certificate SHA-256 fingerprint: \(fingerprint)")
            }
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        // The requests in flight have finished: fold SQLite's write-ahead log into the database,
        // or close PostgreSQL's connections.
        try await store.close()
    }
}
