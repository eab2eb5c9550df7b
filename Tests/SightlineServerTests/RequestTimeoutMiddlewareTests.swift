// RequestTimeoutMiddlewareTests: the request time limit for a request whose head has arrived, on
// Hummingbird's in-process router (no connection, so the head deadline cannot answer first) —
// a handler still working at the limit is cancelled and the request answered 408 naming the
// limit, with `Connection: close` and the security headers; a handler within it answers itself.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import SightlineServer
import XCTest

final class RequestTimeoutMiddlewareTests: XCTestCase {
    /// Records whether the slow handler saw its cancellation.
    private actor Outcome {
        var cancelled = false
        func markCancelled() { cancelled = true }
    }

    private func application(limit: Duration, outcome: Outcome) -> some ApplicationProtocol {
        let router = Router()
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(ErrorMiddleware(webRoot: URL(fileURLWithPath: "/nonexistent")))
        router.middlewares.add(RequestTimeoutMiddleware(limit: limit))
        router.get("slow") { _, _ -> String in
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                await outcome.markCancelled()
                throw error
            }
            return "finished"
        }
        router.get("quick") { _, _ -> String in "done" }
        return Application(router: router)
    }

    func testAHandlerStillWorkingAtTheLimitIsCancelledAndAnswered408() async throws {
        let outcome = Outcome()
        try await application(limit: .milliseconds(200), outcome: outcome).test(.router) { client in
            let started = ContinuousClock.now
            let response = try await client.execute(uri: "/slow", method: .get)
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(20), "answered at the limit, not when the handler ends")
            XCTAssertEqual(response.status, .requestTimeout)
            XCTAssertEqual(response.headers[.connection], "close")
            XCTAssertEqual(response.headers[.contentType], "application/json; charset=utf-8")
            XCTAssertNotNil(response.headers[.contentSecurityPolicy], "a 408 carries the security headers too")
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let error = try XCTUnwrap(body["error"] as? [String: Any])
            XCTAssertEqual(error["code"] as? String, "request_timeout")
            let message = try XCTUnwrap(error["message"] as? String)
            XCTAssertTrue(message.contains("longer than the request time limit of 0.2 s (--request-timeout-seconds)"), message)
        }
        let cancelled = await outcome.cancelled
        XCTAssertTrue(cancelled, "the handler is cancelled, not left running")
    }

    func testAHandlerWithinTheLimitAnswersItself() async throws {
        let outcome = Outcome()
        try await application(limit: .seconds(30), outcome: outcome).test(.router) { client in
            let response = try await client.execute(uri: "/quick", method: .get)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(String(buffer: response.body), "done")
            XCTAssertNil(response.headers[.connection])
        }
    }
}
