// ServerStatusJSON: the API's own answers that belong to no app — its health
// (`{"status": "ok", "version", "inference": {"running", "waiting"}}`) and how many history
// entries a delete removed (`{"deleted"}`).

/// `GET /api/v1/health`.
public struct HealthJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Health" }

    /// Analyses running now and waiting for a slot.
    public struct Inference: Encodable, Sendable {
        public var running: Int
        public var waiting: Int
    }

    public var status = "ok"
    public var version: String
    public var inference: Inference

    public init(version: String, running: Int, waiting: Int) {
        self.version = version
        inference = Inference(running: running, waiting: waiting)
    }
}

/// `{"deleted": count}`: how many history entries a delete removed.
public struct DeletedJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Deleted" }

    public var deleted: Int

    public init(_ count: Int) {
        deleted = count
    }
}
