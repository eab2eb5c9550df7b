// APIErrorJSON: the one error shape of the web API — `{"error": {"code", "message"}}` — and of
// a live-camera frame that was not analysed, `{"frame", "error": {"code", "message"}}`.
public struct APIErrorJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Error" }

    /// `{"code", "message"}`: a stable machine-readable code and a sentence for people.
    public struct Detail: Encodable, Sendable {
        public var code: String
        public var message: String
    }

    public var error: Detail

    public init(code: String, message: String) {
        error = Detail(code: code, message: message)
    }
}

/// `{"frame", "error": {"code", "message"}}`: a live-camera frame that was not analysed.
public struct LiveFrameErrorJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "LiveFrameError" }

    public var frame: Int
    public var error: APIErrorJSON.Detail

    public init(frame: Int, code: String, message: String) {
        self.frame = frame
        error = APIErrorJSON.Detail(code: code, message: message)
    }
}
