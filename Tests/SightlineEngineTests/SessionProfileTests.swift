// Tests of InferenceSession.profile: one median time per executed node, in execution order,
// named as the nodes left after the load-time passes.

import XCTest
@testable import SightlineEngine

final class SessionProfileTests: XCTestCase {
    func testEveryExecutedNodeIsTimedInExecutionOrder() throws {
        let graph = Graph(
            name: "profiled",
            nodes: [
                Node(name: "conv", opType: "Conv", inputs: ["x", "w"], outputs: ["c"], attributes: ["pads": .ints([1, 1, 1, 1])]),
                Node(name: "relu", opType: "Relu", inputs: ["c"], outputs: ["r"]),
                Node(name: "pool", opType: "GlobalAveragePool", inputs: ["r"], outputs: ["y"]),
            ],
            initializers: ["w": Tensor(shape: [4, 3, 3, 3], floats: (0..<108).map { Float($0 % 7) * 0.1 - 0.3 })],
            inputs: [ValueInfo(name: "x", elementType: .float32, shape: [.fixed(1), .fixed(3), .fixed(16), .fixed(16)])],
            outputs: [ValueInfo(name: "y", elementType: .float32, shape: nil)])
        let session = try InferenceSession(model: Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph),
                                           options: SessionOptions(threads: 1))
        let timings = try session.profile(["x": Tensor(zeros: [1, 3, 16, 16])], runs: 5)
        // The Relu is fused into the Conv's epilogue, so two nodes run.
        XCTAssertEqual(timings.map(\.node), ["conv", "pool"])
        XCTAssertEqual(timings.map(\.op), ["FusedConv", "GlobalAveragePool"])
        for timing in timings {
            XCTAssertGreaterThan(timing.milliseconds, 0, timing.node)
            XCTAssertTrue(timing.milliseconds.isFinite, timing.node)
        }
    }
}
