// ServeCommand: `sightline serve` — the web app, the JSON API and the live camera, with the
// apps' data in the data directory's SQLite database; beyond loopback only with an access token
// and HTTPS.
import ArgumentParser
import Foundation
import Logging
import SightlineServer
import SightlineStore

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app and the JSON API (open the printed URL in a browser).",
        discussion: """
            Serves the four apps in the browser, the JSON API under /api/v1/ (documented by the \
            OpenAPI document at /openapi.json), the live camera WebSocket and /healthz. The apps' \
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

            Limits: --max-upload-mb per photo upload; photos with more than --max-megapixels \
            are refused before decoding; --inference-slots analyses run at once and \
            --inference-queue more may wait — beyond that requests are answered 503 with \
            Retry-After.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Flag(help: "Serve HTTPS with a self-signed certificate (needed beyond loopback).")
    var tls = false

    @Option(help: ArgumentHelp("Extra names or addresses the certificate is for (with --tls).", valueName: "name"))
    var tlsName: [String] = []

    @Option(help: "The largest photo upload, in MiB.")
    var maxUploadMb = 32

    @Option(help: "The most pixels a photo may have, in millions.")
    var maxMegapixels = 100.0

    @Option(help: "How many analyses run at once.")
    var inferenceSlots = 2

    @Option(help: "How many analyses may wait for a free slot.")
    var inferenceQueue = 8

    func validate() throws {
        guard (0 ... 65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, got \(port).") }
        guard (1 ... 1024).contains(maxUploadMb) else { throw ValidationError("--max-upload-mb must be from 1 to 1024, got \(maxUploadMb).") }
        guard maxMegapixels >= 1, maxMegapixels <= 1000 else {
            throw ValidationError("--max-megapixels must be from 1 to 1000, got \(maxMegapixels).")
        }
        guard (1 ... 64).contains(inferenceSlots) else { throw ValidationError("--inference-slots must be from 1 to 64.") }
        guard (0 ... 1024).contains(inferenceQueue) else { throw ValidationError("--inference-queue must be from 0 to 1024.") }
    }

    func run() async throws {
        var configuration = ServerConfiguration(
            host: host, port: port, maxUploadBytes: maxUploadMb << 20, maxPixels: Int(maxMegapixels * 1_000_000),
            inferenceSlots: inferenceSlots, inferenceQueueLength: inferenceQueue)
        if !configuration.isLoopback, !tls {
            throw CommandFailure("""
                Refusing to listen on \(host) without --tls: other devices would send their photos and the access \
                token unencrypted, and phone browsers allow the camera only over HTTPS. Add --tls, or serve on \
                127.0.0.1 (the default) for this machine only.
                """)
        }
        let store = try AppDataStore.open()
        let listensEverywhere = ["0.0.0.0", "::"].contains(host)
        let lanAddresses = listensEverywhere ? NetworkAddresses.ipv4() : []
        if tls {
            let names = Array(Set(["localhost", "127.0.0.1", ProcessInfo.processInfo.hostName] + tlsName + lanAddresses
                + (listensEverywhere ? [] : [host]))).sorted()
            configuration.certificate = try SelfSignedCertificate.loadOrCreate(
                in: store.fileURL.deletingLastPathComponent().appendingPathComponent("tls", isDirectory: true), names: names)
        }
        let secret = configuration.requiresToken
            ? try AccessTokenSecret.create(name: "serve on \(host) at \(ISO8601DateFormatter().string(from: Date()))", in: store).secret
            : nil
        let server = WebServer(configuration: configuration, store: store)
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
        // The requests in flight have finished: fold the write-ahead log into the database.
        try store.close()
    }
}
