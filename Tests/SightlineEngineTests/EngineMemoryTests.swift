// EngineMemoryTests: what a session pools between runs — the activations of its last run, so
// that the next run of the same size allocates nothing — is counted, and freed on request
// (per session and across the process) without changing what later runs compute.

import XCTest
@testable import SightlineEngine

final class EngineMemoryTests: XCTestCase {
    /// y = Relu(Sigmoid(Relu(x))): the values between the nodes go back to the pool after a run.
    private func session() throws -> InferenceSession {
        let graph = Graph(
            name: "pooling",
            nodes: [
                Node(name: "first", opType: "Relu", inputs: ["x"], outputs: ["a"]),
                Node(name: "squash", opType: "Sigmoid", inputs: ["a"], outputs: ["b"]),
                Node(name: "second", opType: "Relu", inputs: ["b"], outputs: ["y"]),
            ],
            initializers: [:],
            inputs: [ValueInfo(name: "x", elementType: .float32, shape: [.fixed(1), .symbolic("n")])],
            outputs: [ValueInfo(name: "y", elementType: .float32, shape: nil)])
        return try InferenceSession(model: Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph),
                                    options: SessionOptions(threads: 1, optimize: false))
    }

    func testPooledActivationsAreCountedAndFreedWithoutChangingLaterRuns() throws {
        let session = try session()
        XCTAssertEqual(session.idleBufferBytes, 0, "nothing has run")
        let count = 1 << 20
        let values = (0..<count).map { Float($0 % 7) - 3 }
        let input = Tensor(shape: [1, count], floats: values)
        let first = try XCTUnwrap(try session.run(["x": input])["y"])
        let pooled = session.idleBufferBytes
        XCTAssertGreaterThanOrEqual(pooled, count * 4, "the values between the nodes")
        XCTAssertGreaterThanOrEqual(EngineMemory.idleBufferBytes, pooled, "the process-wide count includes this session")

        _ = try session.run(["x": input])
        XCTAssertEqual(session.idleBufferBytes, pooled, "a run of the same size reuses the pool")

        XCTAssertEqual(session.releaseIdleBuffers(), pooled)
        XCTAssertEqual(session.idleBufferBytes, 0)
        XCTAssertEqual(try session.run(["x": input])["y"], first, "a run after the release computes the same")
        XCTAssertEqual(session.idleBufferBytes, pooled)

        XCTAssertGreaterThanOrEqual(EngineMemory.releaseIdleBuffers(), pooled)
        XCTAssertEqual(session.idleBufferBytes, 0)
        XCTAssertEqual(EngineMemory.idleBufferBytes, 0, "every session's pool is freed")
        for (index, value) in [0, 3, 6, count - 1].map({ ($0, values[$0]) }) {
            XCTAssertEqual(first.floats[index], 1 / (1 + exp(-max(0, value))), accuracy: 1e-6)
        }
    }
}
