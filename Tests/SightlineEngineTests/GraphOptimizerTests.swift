// Tests of the load-time passes on hand-built graphs: what each pass rewrites, what it
// must leave alone, and that the rewritten graph computes the same values.

import XCTest
@testable import SightlineEngine

final class GraphOptimizerTests: XCTestCase {
    private func value(_ name: String, _ shape: [Int]) -> ValueInfo {
        ValueInfo(name: name, elementType: .float32, shape: shape.map { .fixed($0) })
    }

    private func ramp(_ count: Int, scale: Float = 0.01, offset: Float = 0) -> [Float] {
        (0..<count).map { Float(($0 * 37) % 23) * scale + offset }
    }

    /// x → Conv → BatchNormalization → Clip(0, 6) → Add(skip = x) on a 4-channel 5x5 input.
    private func convBlock(clipOutputIsGraphOutput: Bool = false) -> Graph {
        let channels = 4
        var initializers: [String: Tensor] = [
            "w": Tensor(shape: [channels, channels, 3, 3], floats: ramp(channels * channels * 9, offset: -0.1)),
            "scale": Tensor(shape: [channels], floats: [1.5, 0.5, 2, 1]),
            "bias": Tensor(shape: [channels], floats: [0.1, -0.2, 0.3, 0]),
            "mean": Tensor(shape: [channels], floats: [0.05, 0.1, -0.1, 0.2]),
            "var": Tensor(shape: [channels], floats: [1, 0.25, 4, 0.5]),
            "lo": Tensor(shape: [], floats: [0]),
            "hi": Tensor(shape: [], floats: [6]),
        ]
        initializers["unused"] = Tensor(shape: [1], floats: [0])
        let nodes = [
            Node(name: "conv", opType: "Conv", inputs: ["x", "w"], outputs: ["c"],
                 attributes: ["pads": .ints([1, 1, 1, 1])]),
            Node(name: "bn", opType: "BatchNormalization", inputs: ["c", "scale", "bias", "mean", "var"],
                 outputs: ["b"], attributes: ["epsilon": .float(1e-3)]),
            Node(name: "clip", opType: "Clip", inputs: ["b", "lo", "hi"], outputs: ["r"]),
            Node(name: "id", opType: "Identity", inputs: ["r"], outputs: ["r2"]),
            Node(name: "add", opType: "Add", inputs: ["r2", "x"], outputs: ["y"]),
        ]
        var outputs = [value("y", [1, channels, 5, 5])]
        if clipOutputIsGraphOutput { outputs.append(value("r", [1, channels, 5, 5])) }
        return Graph(name: "block", nodes: nodes, initializers: initializers,
                     inputs: [value("x", [1, channels, 5, 5])], outputs: outputs)
    }

    func testBlockFusesIntoOneConvolution() {
        let optimized = GraphOptimizer.optimize(convBlock())
        // Identity dropped, BN folded, Clip fused; the Add cannot take a Conv with an activation.
        XCTAssertEqual(optimized.nodes.map(\.opType), ["FusedConv", "Add"])
        let fused = optimized.nodes[0]
        XCTAssertEqual(fused.domain, OperatorRegistry.internalDomain)
        XCTAssertEqual(fused.attributes["activation"], .string("Clip"))
        XCTAssertEqual(fused.attributes["activation_params"], .floats([0, 6]))
        XCTAssertNil(optimized.initializers["unused"], "initialisers nobody reads are dropped")
        XCTAssertNil(optimized.initializers["scale"], "folded BatchNorm parameters are dropped")
    }

    func testResidualAddFusesWhenConvHasNoActivation() {
        var graph = convBlock()
        graph.nodes.remove(at: 2)                       // no Clip: Conv → BN → Identity → Add
        graph.nodes[2].inputs = ["b"]
        let optimized = GraphOptimizer.optimize(graph)
        XCTAssertEqual(optimized.nodes.map(\.opType), ["FusedConv"])
        XCTAssertEqual(optimized.nodes[0].inputs[3], "x", "the skip connection becomes the residual input")
        XCTAssertEqual(optimized.nodes[0].outputs, ["y"])
    }

    func testValuesThatAreGraphOutputsAreNotFusedAway() {
        let optimized = GraphOptimizer.optimize(convBlock(clipOutputIsGraphOutput: true))
        XCTAssertTrue(optimized.nodes.contains { $0.outputs.contains("r") }, "'r' is a graph output and must still be produced")
    }

    func testOptimizedAndPlainGraphsComputeTheSameValues() throws {
        for graph in [convBlock(), convBlock(clipOutputIsGraphOutput: true)] {
            let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph)
            let input = Tensor(shape: [1, 4, 5, 5], floats: ramp(100, scale: 0.1, offset: -1))
            let plain = try InferenceSession(model: model, options: SessionOptions(threads: 1, optimize: false)).run(["x": input])
            let fast = try InferenceSession(model: model, options: SessionOptions(threads: 2, optimize: true)).run(["x": input])
            XCTAssertEqual(Set(plain.keys), Set(fast.keys))
            for (name, expected) in plain {
                let actual = try XCTUnwrap(fast[name])
                XCTAssertEqual(actual.shape, expected.shape)
                for (a, e) in zip(actual.floats, expected.floats) {
                    XCTAssertEqual(a, e, accuracy: 1e-4 * max(1, abs(e)), "output \(name)")
                }
            }
        }
    }

    func testUnsupportedOperatorIsRejectedWithItsNodeName() {
        var graph = convBlock()
        graph.nodes.append(Node(name: "mystery", opType: "Einsum", inputs: ["y"], outputs: ["z"]))
        graph.outputs = [value("z", [1])]
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph)
        XCTAssertThrowsError(try InferenceSession(model: model)) { error in
            XCTAssertEqual(error as? EngineError, .unsupportedOperator(node: "mystery", op: "Einsum", domain: ""))
            XCTAssertTrue("\(error)".contains("mystery") && "\(error)".contains("Einsum"))
        }
    }

    func testRunRejectsMissingAndMisshapenInputs() throws {
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: convBlock())
        let session = try InferenceSession(model: model)
        XCTAssertThrowsError(try session.run([:])) { error in
            XCTAssertEqual(error as? EngineError, .invalidInput(name: "x", reason: "missing"))
        }
        XCTAssertThrowsError(try session.run(["x": Tensor(zeros: [1, 4, 6, 5])])) { error in
            XCTAssertTrue("\(error)".contains("expected shape [1, 4, 5, 5]"), "\(error)")
        }
        XCTAssertThrowsError(try session.run(["x": Tensor(zeros: [1, 4, 5, 5]), "extra": Tensor(zeros: [1])])) { error in
            XCTAssertTrue("\(error)".contains("extra"), "\(error)")
        }
    }
}
