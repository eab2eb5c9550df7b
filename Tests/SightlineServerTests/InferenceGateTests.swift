// InferenceGateTests: bounded inference — with every slot taken and the wait queue full, a
// request is refused at once as 503 busy with Retry-After instead of waiting without bound;
// a waiting request runs as soon as a slot frees; a cancelled request (past the request time
// limit) leaves the queue at once, or, when its work runs, is answered at once while the work
// keeps its slot until it ends and sees the cancellation. The waits and the refusal are counted
// for /metrics.
import Foundation
import HTTPTypes
@testable import SightlineServer
import XCTest

final class InferenceGateTests: XCTestCase {
    func testAFullGateRefusesAtOnceAndAFreedSlotServesTheWaiting() async throws {
        let metrics = ServerMetrics()
        let gate = InferenceGate(slots: 1, queueLength: 1, metrics: metrics)
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let first = Task { try await gate.run { _ in started.signal(); release.wait(); return 1 } }
        await Task.detached { started.wait() }.value
        let second = Task { try await gate.run { _ in 2 } }
        while await gate.load.waiting < 1 { await Task.yield() }

        do {
            _ = try await gate.run { _ in 3 }
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

        let exposition = metrics.exposition()
        XCTAssert(exposition.contains("\nsightline_inference_refused_total 1\n"), exposition)
        XCTAssert(exposition.contains("\nsightline_inference_wait_seconds_count 2\n"), "the two admitted: \(exposition)")
    }

    func testACancelledRequestLeavesTheQueueAndARunningOneKeepsItsSlotUntilItsWorkEnds() async throws {
        let gate = InferenceGate(slots: 1, queueLength: 1)
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let sawCancellation = DispatchSemaphore(value: 0)
        let running = Task {
            try await gate.run { cancellation in
                started.signal()
                release.wait()
                if cancellation.isCancelled { sawCancellation.signal() }
                return 1
            }
        }
        await Task.detached { started.wait() }.value
        let waiting = Task { try await gate.run { _ in 2 } }
        while await gate.load.waiting < 1 { await Task.yield() }

        waiting.cancel()
        await assertCancelled(waiting)
        var load = await gate.load
        XCTAssertEqual(load.waiting, 0, "a cancelled request leaves the queue")
        XCTAssertEqual(load.running, 1)

        // The work is still blocked, yet the cancelled request has its answer.
        running.cancel()
        await assertCancelled(running)
        load = await gate.load
        XCTAssertEqual(load.running, 1, "the slot stays taken while the work runs")

        release.signal()
        await Task.detached { sawCancellation.wait() }.value
        while await gate.load.running > 0 { await Task.yield() }
        let next = try await gate.run { _ in 3 }
        XCTAssertEqual(next, 3, "the freed slot serves the next request")
    }

    private func assertCancelled(_ task: Task<Int, any Error>, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await task.value
            XCTFail("a cancelled request must not get a result", file: file, line: line)
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
        }
    }
}
