// ServerStatusJSON: the API's own answers that belong to no app — its health
// (`{"status": "ok", "version", "inference": {"running", "waiting"}}`), its readiness
// (`{"status": "ready"|"not_ready", "store", "models"}`) and how many history entries a delete
// removed (`{"deleted"}`).

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

/// `GET /readyz`: whether the server should be sent requests — the store answers, and where the
/// server warms up, each app's models have loaded.
public struct ReadinessJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Readiness" }

    /// Whether the store answered a query, and if not what it said.
    public struct StoreState: Encodable, Sendable {
        public var reachable: Bool
        @Nullable public var message: String?
    }

    /// One component of the warm-up: "loading", "loaded" or "failed" with the reason.
    public struct Component: Encodable, Sendable {
        public var name: String
        public var state: String
        @Nullable public var message: String?

        public init(name: String, state: String, message: String? = nil) {
            self.name = name
            self.state = state
            self.message = message
        }
    }

    public var status: String
    public var store: StoreState
    /// The warm-up's components in the order they load; null when the server loads models on
    /// first use.
    @Nullable public var models: [Component]?

    /// Ready when the store answered and every component (if any) has loaded.
    public init(storeError: String?, models: [Component]?) {
        store = StoreState(reachable: storeError == nil, message: storeError)
        self.models = models
        status = storeError == nil && (models ?? []).allSatisfy { $0.state == "loaded" } ? "ready" : "not_ready"
    }

    public var isReady: Bool { status == "ready" }
}

/// `{"deleted": count}`: how many history entries a delete removed.
public struct DeletedJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Deleted" }

    public var deleted: Int

    public init(_ count: Int) {
        deleted = count
    }
}
