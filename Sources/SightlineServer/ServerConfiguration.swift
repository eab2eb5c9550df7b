// ServerConfiguration: where `sightline serve` listens and the limits it enforces — upload and
// JSON body sizes, photo pixels, live frame size and live sockets, request time, idle connections, inference
// concurrency, the length of the wait queue and the memory budget for photos — each with a
// stated default — and access
// control: the host names requests may address it by, a token beyond loopback, HTTPS with a
// certificate.
public import Foundation
public import SightlineImaging

public struct ServerConfiguration: Sendable {
    /// The address to bind: loopback by default.
    public var host: String
    /// The port; 0 lets the system choose one (tests).
    public var port: Int
    /// The names, besides the loopback names and `host`, that a request's Host header may give
    /// (`--allow-host`, and with `--tls` the certificate's names); any other Host is refused.
    public var allowedHosts: [String]
    /// The largest photo upload, in bytes (raw body or the whole multipart body).
    public var maxUploadBytes: Int
    /// The largest JSON request body, in bytes.
    public var maxJSONBytes: Int
    /// The largest live-camera frame, in bytes.
    public var maxFrameBytes: Int
    /// How many live-camera WebSockets may be open at once; another is told `busy` and closed
    /// with 1013.
    public var maxLiveSockets: Int
    /// Photos with more pixels than this are refused before they are decoded.
    public var maxPixels: Int
    /// How many inferences run at once.
    public var inferenceSlots: Int
    /// How many inference requests may wait for a slot; more are answered 503 busy.
    public var inferenceQueueLength: Int
    /// The memory for photos being received and held, uploads and live-camera frames alike (each
    /// counts twice its size); an upload that does not fit is answered 503 busy, a frame that
    /// does not fit is answered `busy` over its socket.
    public var maxMemoryBytes: Int
    /// The longest a request may take from its arrival to its answer — reading the upload,
    /// waiting for an inference slot, the analysis — before it is answered 408 request_timeout.
    public var requestTimeout: Duration
    /// A connection that sends nothing for this long while a request is being read, or between
    /// requests, is closed; a live-camera WebSocket that receives no message for this long is
    /// closed with 1001 "idle". Longer than `requestTimeout`, or a stalled upload is cut off
    /// before it can be answered 408.
    public var idleTimeout: Duration
    /// The folder of the web app's files.
    public var webRoot: URL
    /// Whether every request must present an access token (always beyond loopback).
    public var requiresToken: Bool
    /// The certificate to serve HTTPS with; plain HTTP when nil.
    public var certificate: SelfSignedCertificate?
    /// Whether the server loads every app's models as soon as it listens (`/readyz` answers 503
    /// until they have loaded) instead of on each one's first use.
    public var warmUp: Bool

    public init(host: String = "127.0.0.1", port: Int = 8080, allowedHosts: [String] = [],
                maxUploadBytes: Int = 32 << 20, maxJSONBytes: Int = 64 << 10, maxFrameBytes: Int = 4 << 20,
                maxLiveSockets: Int = 16, maxPixels: Int = DecodeOptions.defaultMaxPixels,
                inferenceSlots: Int = 2, inferenceQueueLength: Int = 8, maxMemoryBytes: Int = 256 << 20,
                requestTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(30),
                webRoot: URL = ServerResources.webRoot, requiresToken: Bool? = nil,
                certificate: SelfSignedCertificate? = nil, warmUp: Bool = false) {
        self.host = host
        self.port = port
        self.allowedHosts = allowedHosts
        self.maxUploadBytes = maxUploadBytes
        self.maxJSONBytes = maxJSONBytes
        self.maxFrameBytes = maxFrameBytes
        self.maxLiveSockets = maxLiveSockets
        self.maxPixels = maxPixels
        self.inferenceSlots = inferenceSlots
        self.inferenceQueueLength = inferenceQueueLength
        self.maxMemoryBytes = maxMemoryBytes
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.webRoot = webRoot
        self.certificate = certificate
        self.warmUp = warmUp
        self.requiresToken = false
        self.requiresToken = requiresToken ?? !isLoopback
    }

    /// Whether `host` only accepts connections from this machine.
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }
}
