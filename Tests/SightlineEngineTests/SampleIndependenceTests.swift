// Tests of running a batch one sample at a time: which graphs qualify, and that the
// stacked results equal running each sample alone.

import XCTest
@testable import SightlineEngine

final class SampleIndependenceTests: XCTestCase {
    private let channels = 3

    private func graph(extraNodes: [Node] = [], output: String = "y") -> Graph {
        let weights = (0..<(channels * channels * 9)).map { Float(($0 * 13) % 17) * 0.05 - 0.4 }
        let nodes = [
            Node(name: "conv", opType: "Conv", inputs: ["x", "w", "b"], outputs: ["c"],
                 attributes: ["pads": .ints([1, 1, 1, 1])]),
            Node(name: "relu", opType: "Relu", inputs: ["c"], outputs: ["r"]),
            Node(name: "pool", opType: "GlobalAveragePool", inputs: ["r"], outputs: ["p"]),
            Node(name: "flat", opType: "Flatten", inputs: ["p"], outputs: ["f"]),
            Node(name: "fc", opType: "Gemm", inputs: ["f", "fcw", "fcb"], outputs: ["y"], attributes: ["transB": .int(1)]),
        ] + extraNodes
        return Graph(
            name: "small", nodes: nodes,
            initializers: [
                "w": Tensor(shape: [channels, channels, 3, 3], floats: weights),
                "b": Tensor(shape: [channels], floats: [0.1, -0.1, 0.2]),
                "fcw": Tensor(shape: [2, channels], floats: [1, -1, 0.5, 0.25, 2, -0.5]),
                "fcb": Tensor(shape: [2], floats: [0.01, -0.02]),
                "shape": Tensor(shape: [2], int64s: [-1, 1]),
            ],
            inputs: [ValueInfo(name: "x", elementType: .float32, shape: [.symbolic("batch"), .fixed(channels), .fixed(6), .fixed(6)])],
            outputs: [ValueInfo(name: output, elementType: .float32, shape: nil)])
    }

    func testPerSampleOperatorsQualifyAndReshapeDoesNot() {
        XCTAssertTrue(SampleIndependence.holds(for: graph(), opset: 13))
        let reshaped = graph(extraNodes: [Node(name: "reshape", opType: "Reshape", inputs: ["y", "shape"], outputs: ["z"])],
                             output: "z")
        XCTAssertFalse(SampleIndependence.holds(for: reshaped, opset: 13))
        var fixedBatch = graph()
        fixedBatch.inputs[0].shape = [.fixed(1), .fixed(channels), .fixed(6), .fixed(6)]
        XCTAssertFalse(SampleIndependence.holds(for: fixedBatch, opset: 13))
    }

    /// With 2 threads these small samples run in two parts, one per thread (3 and 2 samples);
    /// with 1 thread as one batch (InferenceSession.largeSampleValues). Either way each
    /// sample's result is the one it gets alone, up to rounding: in a batch a sample's pixels
    /// can fall on other GEMM tiles (a row's last columns are summed in another order), which
    /// moves the last bit.
    func testBatchEqualsSamplesRunAlone() throws {
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph())
        for threads in [1, 2] {
            let session = try InferenceSession(model: model, options: SessionOptions(threads: threads))
            let batch = 5, size = channels * 36
            let values = (0..<(batch * size)).map { Float(($0 * 7919) % 101) / 50 - 1 }
            let batched = try XCTUnwrap(session.run(["x": Tensor(shape: [batch, channels, 6, 6], floats: values)])["y"])
            XCTAssertEqual(batched.shape, [batch, 2])
            for sample in 0..<batch {
                let alone = try XCTUnwrap(session.run([
                    "x": Tensor(shape: [1, channels, 6, 6], floats: Array(values[(sample * size)..<((sample + 1) * size)])),
                ])["y"])
                for (got, expected) in zip(batched.floats[(sample * 2)..<((sample + 1) * 2)], alone.floats) {
                    XCTAssertEqual(got, expected, accuracy: 1e-6 * max(1, abs(expected)),
                                   "sample \(sample), \(threads) thread(s)")
                }
            }
        }
    }

    func testBatchedReshapeGraphStillRunsAsOneBatch() throws {
        let reshaped = graph(extraNodes: [Node(name: "reshape", opType: "Reshape", inputs: ["y", "shape"], outputs: ["z"])],
                             output: "z")
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: reshaped)
        let session = try InferenceSession(model: model, options: SessionOptions(threads: 2))
        let output = try XCTUnwrap(session.run(["x": Tensor(zeros: [4, channels, 6, 6])])["z"])
        XCTAssertEqual(output.shape, [8, 1], "the reshape sees the whole batch")
    }
}
