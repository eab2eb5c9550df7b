// InferenceGateTests: bounded inference — with every slot taken and the wait queue full, a
// request is refused at once as 503 busy with Retry-After instead of waiting without bound;
// a waiting request runs as soon as a slot frees.
import Foundation
import HTTPTypes
@testable import SightlineServer
import XCTest

final class InferenceGateTests: XCTestCase {
    func testAFullGateRefusesAtOnceAndAFreedSlotServesTheWaiting() async throws {
        let gate = InferenceGate(slots: 1, queueLength: 1)
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let first = Task { try await gate.run(preparing: {}) { _ in started.signal(); release.wait(); return 1 } }
        await Task.detached { started.wait() }.value
        let second = Task { try await gate.run(preparing: {}) { _ in 2 } }
        while await gate.load.waiting < 1 { await Task.yield() }

        do {
            _ = try await gate.run(preparing: {}) { _ in 3 }
            XCTFail("a third request must be refused while one runs and one waits")
        } catch let error as APIError {
            XCTAssertEqual(error.status, .serviceUnavailable)
            XCTAssertEqual(error.code, "busy")
            XCTAssertEqual(error.headers[.retryAfter], "1")
        }

        release.signal()
        let results = try await [first.value, second.value]
        XCTAssertEqual(results, [1, 2])
        let load = await gate.load
        XCTAssertEqual(load.running, 0)
        XCTAssertEqual(load.waiting, 0)
    }
}
