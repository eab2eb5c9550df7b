// RequestLimitsTests: the limits a request meets beyond upload size and pixels, on a real server
// over loopback — the request time limit (408 request_timeout naming it) and the model limits
// (a model too large for the server's --max-model-mb or --max-model-nodes is not loaded: 422
// naming the limit).
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineEngine
import SightlineServer
import SightlineTestSupport
import SightlineVision
import XCTest

final class RequestLimitsTests: XCTestCase {
    func testARequestPastTheTimeLimitIsAnswered408NamingTheLimit() async throws {
        // The head arrives at once, the body never finishes: the request time limit answers (the
        // deadline for a first head that never arrives is RequestHeadDeadlineTests').
        let configuration = ServerConfiguration(port: 0, requestTimeout: .seconds(1))
        try await ServerTestSupport.withServer(configuration) { client, _ in
            let port = try XCTUnwrap(client.port)
            let (bytes, closed) = try await RawHTTPClient.sendUntilClosed(Array("""
                POST /api/v1/classify HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: image/jpeg\r\n\
                Content-Length: 100000\r\n\r\n\u{FF}\u{D8}
                """.utf8), port: port, seconds: 20)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(closed, "the connection is closed after the answer")
            let parts = text.components(separatedBy: "\r\n\r\n")
            let answer = RawHTTPAnswer(head: parts[0], body: parts.dropFirst().joined())
            XCTAssertEqual(answer.status, 408, text)
            XCTAssertEqual(answer.header("Content-Type"), "application/json; charset=utf-8")
            XCTAssertEqual(answer.header("Connection")?.lowercased(), "close")
            XCTAssertNotNil(answer.header("Content-Security-Policy"), "a 408 carries the security headers too")
            let error = (try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: [String: String]])?["error"]
            XCTAssertEqual(error?["code"], "request_timeout")
            let message = try XCTUnwrap(error?["message"])
            XCTAssertTrue(message.contains("request time limit of 1 s (--request-timeout-seconds)"), message)
        }
    }

    func testWithinTheTimeLimitTheAnswerIsTheResult() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, requestTimeout: .seconds(600))) { client, _ in
            let response = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(response.status, .ok)
            XCTAssertNil(response.headers[.connection])
        }
    }

    func testAModelWithMoreNodesThanTheLimitIsRefusedNamingTheLimit() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        var models = ModelStore()
        models.loadingLimits = ModelLoadingLimits(maximumNodeCount: 10)
        try await ServerTestSupport.withServer(models: models) { client, _ in
            let response = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(response.status, .unprocessableContent)
            let error = try XCTUnwrap(try ServerTestSupport.json(response)["error"] as? [String: Any])
            XCTAssertEqual(error["code"] as? String, "invalid")
            let message = try XCTUnwrap(error["message"] as? String)
            XCTAssertTrue(message.contains("more than the limit of 10 (--max-model-nodes)"), message)
        }
    }

    func testAModelFileLargerThanTheLimitIsRefusedNamingTheLimit() async throws {
        try TestRequirement.installedModels("lite0")
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        var models = ModelStore()
        models.loadingLimits = ModelLoadingLimits(maximumFileSize: 1 << 20)
        let modelFile = try models.model("lite0").modelURL
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: modelFile.path)[.size] as? Int)
        XCTAssertGreaterThan(size, 1 << 20, "EfficientNet-Lite0 is about 19 MB")
        try await ServerTestSupport.withServer(models: models) { client, _ in
            let response = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(response.status, .unprocessableContent)
            let message = try XCTUnwrap((try ServerTestSupport.json(response)["error"] as? [String: Any])?["message"] as? String)
            XCTAssertTrue(message.contains("its file is \(size) bytes, more than the limit of 1048576 bytes (--max-model-mb)"),
                          message)
        }
    }
}
