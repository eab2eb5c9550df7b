// ServeCommand: `sightline serve` — the web app, the JSON API and the live camera on this
// machine, with the apps' data in the data directory's SQLite database.
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

            Only loopback addresses (127.0.0.1, ::1, localhost) can be served for now: other \
            devices would need an access token and HTTPS, which come with a later version.

            Limits: --max-upload-mb per photo upload; photos with more than --max-megapixels \
            are refused before decoding; --inference-slots analyses run at once and \
            --inference-queue more may wait — beyond that requests are answered 503 with \
            Retry-After.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

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
        let configuration = ServerConfiguration(
            host: host, port: port, maxUploadBytes: maxUploadMb << 20, maxPixels: Int(maxMegapixels * 1_000_000),
            inferenceSlots: inferenceSlots, inferenceQueueLength: inferenceQueue)
        guard configuration.isLoopback else {
            throw CommandFailure("""
                Refusing to listen on \(host): other devices could reach the apps and their history without an \
                access token, and browsers allow the camera only over HTTPS. Serve on 127.0.0.1 (the default).
                """)
        }
        let server = WebServer(configuration: configuration, store: try AppDataStore.open())
        // Structured logs go to stderr; stdout carries only the line with the URL.
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "sightline.serve")
        logger.logLevel = .info
        let displayHost = host.contains(":") ? "[\(host)]" : host
        try await server.run(logger: logger) { port in
            let line = "Sightline is serving on http://\(displayHost):\(port)/ — open it in a browser; Ctrl-C stops it.\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}
