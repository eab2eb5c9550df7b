// ServiceEndpointsTests: the server run like a service — `/metrics` counts this server's requests
// by route, method and status with their latency, the inference waits and the model load times in
// Prometheus's text format; `/readyz` is the store's answer without warm-up, 503 while the
// warmed-up models load and 200 once they have, names a model that is not installed, and says
// when the store cannot answer.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineServer
import SightlineStore
import SightlineTestSupport
import SightlineVision
import XCTest

final class ServiceEndpointsTests: XCTestCase {
    func testMetricsCountEachRouteMethodAndStatusAndTimeThem() async throws {
        try await ServerTestSupport.withServer { client, folder in
            // Three photos in the store's index: one leased by a worker, one done, one pending.
            let index = try SQLiteStore(directory: folder).photoIndex
            try index.add((0 ..< 3).map { IndexedFile(path: "/photos/\($0).jpg", size: 10, modifiedAt: Date(),
                                                      contentHash: Data(repeating: 7, count: 32)) })
            let jobs = try index.claim(count: 2, worker: "w", lease: 600)
            try index.record(PhotoFindings(faceCount: 0), for: jobs[0], worker: "w")
            for _ in 0 ..< 2 { _ = try await client.execute(uri: "/healthz", method: .get) }
            let missing = try await client.execute(uri: "/api/v1/no-such-route", method: .get)
            XCTAssertEqual(missing.status, .notFound)
            let file = try await client.execute(uri: "/assets/app.css", method: .get)
            XCTAssertEqual(file.status, .ok)
            _ = try await client.execute(uri: "/readyz", method: .get)

            let response = try await client.execute(uri: "/metrics", method: .get)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers[.contentType], "text/plain; version=0.0.4; charset=utf-8")
            let metrics = PrometheusText(String(buffer: response.body))
            XCTAssertEqual(metrics.value("sightline_http_requests_total", ["route": "/healthz", "method": "GET", "status": "200"]), 2)
            XCTAssertEqual(metrics.value("sightline_http_requests_total", ["route": "NotFound", "method": "GET", "status": "404"]), 1,
                           "an unknown path is counted without its own path as a label")
            XCTAssertEqual(metrics.value("sightline_http_requests_total", ["route": "/readyz", "method": "GET", "status": "200"]), 1)
            XCTAssertEqual(metrics.value("sightline_http_requests_total", ["route": "FileMiddleware", "method": "GET", "status": "200"]), 1,
                           "the web app's files are counted under one label")
            XCTAssertEqual(metrics.value("sightline_http_request_duration_seconds_count", ["route": "/healthz", "method": "GET"]), 2)
            XCTAssertEqual(metrics.value("sightline_http_requests_in_flight", [:]), 1, "the scrape itself")
            XCTAssertEqual(metrics.value("sightline_inference_running", [:]), 0)
            XCTAssertEqual(metrics.value("sightline_inference_waiting", [:]), 0)
            XCTAssertEqual(metrics.value("sightline_live_sockets", [:]), 0)
            for (state, count) in [("pending", 1.0), ("leased", 1), ("expired", 0), ("done", 1), ("failed", 0)] {
                XCTAssertEqual(metrics.value("sightline_index_photos", ["state": state]), count, state)
            }
            XCTAssert(metrics.text.contains("# HELP sightline_http_requests_total "), "help lines")
            XCTAssert(metrics.text.contains("# TYPE sightline_http_request_duration_seconds histogram"))
            XCTAssertFalse(metrics.text.contains("no-such-route"))
        }
    }

    func testAnAnalysisCountsItsInferenceWaitAndItsModelsLoadOnce() async throws {
        try TestRequirement.installedModels("lite0")
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        try await ServerTestSupport.withServer { client, _ in
            for _ in 0 ..< 2 {
                let answer = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                      headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
                XCTAssertEqual(answer.status, .ok)
            }
            for name in ["not-installed-1", "not-installed-2"] {
                let answer = try await client.execute(uri: "/api/v1/classify?model=\(name)", method: .post,
                                                      headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
                XCTAssertEqual(answer.status, .notFound)
            }
            let metrics = PrometheusText(String(buffer: try await client.execute(uri: "/metrics", method: .get).body))
            XCTAssertEqual(metrics.value("sightline_http_requests_total", ["route": "/api/v1/classify", "method": "POST", "status": "200"]), 2)
            XCTAssertEqual(metrics.value("sightline_model_load_seconds_count", ["component": "classifier", "outcome": "failed"]), 2)
            XCTAssertFalse(metrics.text.contains("not-installed"), "a name a request made up never becomes a series")
            XCTAssertEqual(metrics.value("sightline_inference_wait_seconds_count", [:]), 4,
                           "each analysis took a slot, those whose model failed to load too")
            XCTAssertEqual(metrics.value("sightline_inference_refused_total", [:]), 0)
            XCTAssertEqual(metrics.value("sightline_model_load_seconds_count", ["component": "classifier lite0", "outcome": "loaded"]), 1,
                           "loaded once, then shared")
            XCTAssertGreaterThan(try XCTUnwrap(metrics.value("sightline_model_load_seconds_sum",
                                                             ["component": "classifier lite0", "outcome": "loaded"])), 0)
        }
    }

    func testWithoutWarmUpReadinessIsTheStoresAnswer() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let response = try await client.execute(uri: "/readyz", method: .get)
            XCTAssertEqual(response.status, .ok)
            let json = try ServerTestSupport.json(response)
            XCTAssertEqual(json["status"] as? String, "ready")
            XCTAssertEqual((json["store"] as? [String: Any])?["reachable"] as? Bool, true)
            XCTAssert(json["models"] is NSNull, "models load on first use: \(json)")
        }
    }

    func testWarmUpLoadsEveryAppsModelsThenReportsReady() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, warmUp: true)) { client, _ in
            let first = try await client.execute(uri: "/readyz", method: .get)
            let answer = try await Self.readiness(after: first, client: client)
            XCTAssertEqual(answer.status, .ok, String(buffer: answer.body))
            let json = try ServerTestSupport.json(answer)
            XCTAssertEqual(json["status"] as? String, "ready")
            let models = try XCTUnwrap(json["models"] as? [[String: Any]])
            XCTAssertEqual(models.compactMap { $0["name"] as? String },
                           ["recognizer", "face-detector", "waste-guard", "cat-scanner", "ingredient-finder"])
            XCTAssert(models.allSatisfy { $0["state"] as? String == "loaded" }, "\(models)")

            let metrics = PrometheusText(String(buffer: try await client.execute(uri: "/metrics", method: .get).body))
            for component in ["recognizer", "face-detector", "waste-guard", "cat-scanner", "ingredient-finder"] {
                XCTAssertEqual(metrics.value("sightline_model_load_seconds_count", ["component": component, "outcome": "loaded"]), 1,
                               component)
            }
        }
    }

    func testAModelThatIsNotInstalledKeepsTheServerNotReadyAndIsNamed() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-no-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, warmUp: true),
                                               models: ModelStore(dataDirectory: empty)) { client, _ in
            let first = try await client.execute(uri: "/readyz", method: .get)
            let answer = try await Self.readiness(after: first, client: client)
            XCTAssertEqual(answer.status, .serviceUnavailable)
            XCTAssertEqual(answer.headers[.retryAfter], "5")
            let json = try ServerTestSupport.json(answer)
            XCTAssertEqual(json["status"] as? String, "not_ready")
            XCTAssertEqual((json["store"] as? [String: Any])?["reachable"] as? Bool, true)
            let models = try XCTUnwrap(json["models"] as? [[String: Any]])
            XCTAssertEqual(models.count, 5)
            for model in models {
                XCTAssertEqual(model["state"] as? String, "failed", "\(model)")
                let message = try XCTUnwrap(model["message"] as? String)
                XCTAssert(message.contains("not installed") || message.contains("install"), message)
                XCTAssertFalse(message.contains(empty.path), "no path in an answer: \(message)")
            }
            let metrics = PrometheusText(String(buffer: try await client.execute(uri: "/metrics", method: .get).body))
            XCTAssertEqual(metrics.value("sightline_model_load_seconds_count", ["component": "recognizer", "outcome": "failed"]), 1)
        }
    }

    func testAStoreThatCannotAnswerMakesTheServerNotReady() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-readiness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        let server = WebServer(configuration: ServerConfiguration(port: 0), store: store)
        try await server.application().test(.live) { client in
            let before = try await client.execute(uri: "/readyz", method: .get)
            XCTAssertEqual(before.status, .ok)
            try store.close()
            let answer = try await client.execute(uri: "/readyz", method: .get)
            XCTAssertEqual(answer.status, .serviceUnavailable)
            let json = try ServerTestSupport.json(answer)
            XCTAssertEqual(json["status"] as? String, "not_ready")
            let storeState = try XCTUnwrap(json["store"] as? [String: Any])
            XCTAssertEqual(storeState["reachable"] as? Bool, false)
            let message = try XCTUnwrap(storeState["message"] as? String)
            XCTAssertFalse(message.contains(folder.path), "no path in an answer: \(message)")
            let health = try await client.execute(uri: "/healthz", method: .get)
            XCTAssertEqual(health.status, .ok, "the process is still up: liveness is not readiness")
        }
    }

    /// The readiness answer once no component is loading any more (asking again every 50 ms, for
    /// up to two minutes: loading every model of a cold machine takes seconds).
    private static func readiness(after first: TestResponse, client: some TestClientProtocol) async throws -> TestResponse {
        var answer = first
        let deadline = ContinuousClock.now + .seconds(120)
        while String(buffer: answer.body).contains("\"loading\""), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            answer = try await client.execute(uri: "/readyz", method: .get)
        }
        return answer
    }
}

/// Prometheus's text exposition, read back: the value of a sample by name and labels.
private struct PrometheusText {
    let text: String

    init(_ text: String) { self.text = text }

    /// The value of the sample `name` whose labels are exactly `labels`, or nil if there is none.
    func value(_ name: String, _ labels: [String: String]) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            // The value follows the last space (label values may hold spaces).
            guard let space = line.lastIndex(of: " ") else { continue }
            let series = line[..<space], value = line[line.index(after: space)...]
            let sampleName = series.prefix { $0 != "{" }
            guard sampleName == name else { continue }
            var sampleLabels: [String: String] = [:]
            if let open = series.firstIndex(of: "{") {
                let body = series[series.index(after: open) ..< series.index(before: series.endIndex)]
                for pair in body.split(separator: ",") {
                    let halves = pair.split(separator: "=", maxSplits: 1)
                    guard halves.count == 2 else { continue }
                    sampleLabels[String(halves[0])] = String(halves[1].dropFirst().dropLast())
                }
            }
            if sampleLabels == labels { return Double(value) }
        }
        return nil
    }
}
