// ServerMetrics: what `GET /metrics` exposes in Prometheus's text format — requests by route,
// method and status with their latency, requests in flight, the inference gate's running and
// waiting requests, how long requests waited for a slot and how many were refused, the live
// sockets open, how long each model took to load, and the photo index's photos by state. One registry per server (swift-prometheus),
// so a process that runs several servers (the tests) keeps their figures apart; every metric has
// a help text, which Prometheus shows beside it.
import Foundation
import Prometheus
import SightlineStore

final class ServerMetrics: Sendable {
    /// Latency buckets for requests and inference waits: a classification answers in tens of
    /// milliseconds, a 12 MP upload in about a second, the request time limit is 30 s.
    static let latencyBuckets: [Duration] = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
                                             .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
                                             .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30)]
    /// Model load buckets: a small head loads in tens of milliseconds, a detector in seconds.
    static let loadBuckets: [Duration] = [.milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
                                          .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30)]

    private static func name(_ subsystem: String, _ metric: String, unit: String = "", help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "sightline", subsystem: subsystem, metricName: metric, unitName: unit, helpText: help)
    }

    static var requests: MetricNameDescriptor { name("http", "requests", unit: "total", help: "HTTP requests answered, by route, method and status.") }
    static var requestDuration: MetricNameDescriptor {
        name("http", "request_duration", unit: "seconds", help: "Time from a request's head to the end of its answer, by route and method.")
    }
    static var modelLoad: MetricNameDescriptor {
        name("model", "load", unit: "seconds", help: "Time to load each component's models, by component and outcome.")
    }

    let registry = PrometheusCollectorRegistry()
    private let inFlight: Gauge
    private let inferenceRunning: Gauge
    private let inferenceWaiting: Gauge
    private let inferenceWait: DurationHistogram
    private let inferenceRefused: Counter
    private let liveSockets: Gauge
    private let indexPhotos: [String: Gauge]

    init() {
        inFlight = registry.makeGauge(descriptor: Self.name("http", "requests_in_flight", help: "HTTP requests being answered now."))
        inferenceRunning = registry.makeGauge(
            descriptor: Self.name("inference", "running", help: "Requests whose model work runs in an inference slot now."))
        inferenceWaiting = registry.makeGauge(
            descriptor: Self.name("inference", "waiting", help: "Requests waiting in the queue for an inference slot now."))
        inferenceWait = registry.makeDurationHistogram(
            descriptor: Self.name("inference", "wait", unit: "seconds",
                                  help: "How long requests waited for an inference slot (0 when one was free)."),
            buckets: Self.latencyBuckets)
        inferenceRefused = registry.makeCounter(
            descriptor: Self.name("inference", "refused", unit: "total",
                                  help: "Requests answered 503 busy because every slot and the queue were full."))
        liveSockets = registry.makeGauge(descriptor: Self.name("live", "sockets", help: "Live-camera WebSockets open now."))
        let photos = Self.name("index", "photos", help: "Photos in the photo index by state (leased: held by a worker now; expired: its worker stopped).")
        let registry = registry
        indexPhotos = Dictionary(uniqueKeysWithValues: ["pending", "leased", "expired", "done", "failed"].map { state in
            (state, registry.makeGauge(descriptor: photos, labels: [("state", state)]))
        })
    }

    /// Sets the photo index's gauges from its status, read when the metrics are scraped.
    func sample(photoIndex status: PhotoIndexStatus) {
        let counts = ["pending": status.pending, "leased": status.leased, "expired": status.expired, "done": status.done,
                      "failed": status.failed]
        for (state, gauge) in indexPhotos { gauge.set(to: Double(counts[state] ?? 0)) }
    }

    /// Sets the gauges of what is going on now, read when the metrics are scraped.
    func sample(inferenceRunning running: Int, inferenceWaiting waiting: Int, liveSockets sockets: Int) {
        inferenceRunning.set(to: Double(running))
        inferenceWaiting.set(to: Double(waiting))
        liveSockets.set(to: Double(sockets))
    }

    /// The exposition: every metric with its HELP and TYPE lines.
    func exposition() -> String { registry.emitToString() }

    /// A request began: counts it in flight and returns the instant to time it from.
    func requestStarted() -> ContinuousClock.Instant {
        inFlight.increment()
        return .now
    }

    /// A request was answered: counts it by route (the matched route's pattern, "FileMiddleware" or "NotFound"),
    /// method and status, and records its duration.
    func requestFinished(started: ContinuousClock.Instant, route: String, method: String, status: Int) {
        inFlight.decrement()
        registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("method", method), ("status", String(status))])
            .increment()
        registry.makeDurationHistogram(descriptor: Self.requestDuration, labels: [("route", route), ("method", method)],
                                       buckets: Self.latencyBuckets)
            .record(ContinuousClock.now - started)
    }

    func inferenceAdmitted(waited: Duration) { inferenceWait.record(waited) }

    func inferenceRefusedBusy() { inferenceRefused.increment() }

    /// Runs `load`, recording its duration as `component`'s load time — "classifier lite0" for a
    /// `model` that loaded, plain "classifier" for one that did not: a request names its model,
    /// and names that are not installed must not each become a new series.
    func timingLoad<Value>(_ component: String, model: String? = nil, _ load: () throws -> Value) throws -> Value {
        let start = ContinuousClock.now
        do {
            let value = try load()
            modelLoaded(model.map { "\(component) \($0)" } ?? component, duration: ContinuousClock.now - start, succeeded: true)
            return value
        } catch {
            modelLoaded(component, duration: ContinuousClock.now - start, succeeded: false)
            throw error
        }
    }

    private func modelLoaded(_ component: String, duration: Duration, succeeded: Bool) {
        registry.makeDurationHistogram(descriptor: Self.modelLoad,
                                       labels: [("component", component), ("outcome", succeeded ? "loaded" : "failed")],
                                       buckets: Self.loadBuckets)
            .record(duration)
    }
}
