// MalformedModelTests: models that are wrong in ways only a hostile or broken file would be —
// huge dimensions hidden behind an empty tensor, a constant bias that disagrees with its
// weights, constants the load-time passes would divide or index by — are refused with an
// EngineError when the model is loaded or its session created, before any kernel runs; none of
// them may trap. (Size mismatches of raw data, negative and huge dimensions of non-empty
// initialisers, cycles and missing inputs are in ModelLoaderTests, on files written by `onnx`.)

import Foundation
import SightlineEngine
import XCTest

final class MalformedModelTests: XCTestCase {
    // MARK: Huge dimensions

    /// An empty tensor has no data to disagree with its shape, so its other dimensions must be
    /// bounded on their own: the kernels compute with them as 32-bit sizes.
    func testEmptyInitialiserWithAHugeDimensionIsRefusedOnLoad() throws {
        let bytes = try model(
            nodes: [Node(name: "add", opType: "Add", inputs: ["x", "bias"], outputs: ["y"])],
            initializers: ["bias": Tensor(shape: [0, 1 << 40], floats: [])]
        ).serializedData()
        XCTAssertThrowsError(try Model(serializedData: bytes)) { error in
            guard case .malformedModel(let reason)? = error as? EngineError else {
                return XCTFail("expected malformedModel, got \(error)")
            }
            XCTAssertTrue(reason.contains("'bias'") && reason.contains("1099511627776") && reason.contains("too large"),
                          reason)
        }
    }

    func testEmptyInitialiserWhoseOtherDimensionsOverflowIsRefusedOnLoad() throws {
        let large = Int(Int32.max)
        let bytes = try model(
            nodes: [Node(name: "add", opType: "Add", inputs: ["x", "bias"], outputs: ["y"])],
            initializers: ["bias": Tensor(shape: [large, large, large, 0], floats: [])]
        ).serializedData()
        XCTAssertThrowsError(try Model(serializedData: bytes)) { error in
            guard case .malformedModel(let reason)? = error as? EngineError else {
                return XCTFail("expected malformedModel, got \(error)")
            }
            XCTAssertTrue(reason.contains("'bias'") && reason.contains("element count is too large"), reason)
        }
    }

    // MARK: Shape mismatches between constants

    func testConstantBiasThatDisagreesWithConstantWeightsIsRefusedWhenTheSessionIsCreated() throws {
        let conv = model(
            nodes: [Node(name: "conv", opType: "Conv", inputs: ["x", "W", "B"], outputs: ["y"])],
            initializers: ["W": Tensor(zeros: [2, 3, 3, 3]), "B": Tensor(zeros: [3])],
            input: [1, 3, 5, 5])
        XCTAssertThrowsError(try InferenceSession(model: conv, options: SessionOptions(threads: 1))) { error in
            guard case let .shapeMismatch(node, op, reason)? = error as? EngineError else {
                return XCTFail("expected shapeMismatch, got \(error)")
            }
            XCTAssertEqual(node, "conv")
            XCTAssertEqual(op, "Conv")
            XCTAssertTrue(reason.contains("'B'") && reason.contains("3 values") && reason.contains("2 output channels"),
                          reason)
        }
    }

    /// With weights given at run time the bias can only be compared when the weights arrive;
    /// it is, before the convolution reads one value per output channel from it.
    func testConstantBiasThatDisagreesWithWeightsGivenAtRunTimeIsRefusedBeforeComputing() throws {
        let conv = model(
            nodes: [Node(name: "conv", opType: "Conv", inputs: ["x", "W", "B"], outputs: ["y"],
                         attributes: ["kernel_shape": .ints([3, 3])])],
            initializers: ["B": Tensor(zeros: [1])],
            input: [1, 3, 5, 5], extraInputs: ["W": [64, 3, 3, 3]])
        let session = try InferenceSession(model: conv, options: SessionOptions(threads: 1))
        XCTAssertThrowsError(try session.run(["x": Tensor(zeros: [1, 3, 5, 5]), "W": Tensor(zeros: [64, 3, 3, 3])])) { error in
            guard case .shapeMismatch(_, _, let reason)? = error as? EngineError else {
                return XCTFail("expected shapeMismatch, got \(error)")
            }
            XCTAssertTrue(reason.contains("1 values for 64 channels"), reason)
        }
    }

    // MARK: Constants the load-time passes read

    /// PRelu after a Conv is fused into it; weights without a single dimension used to be
    /// indexed before the Conv itself could refuse them.
    func testScalarConvWeightsBeforePReluAreRefusedNotIndexed() throws {
        let graph = model(
            nodes: [Node(name: "conv", opType: "Conv", inputs: ["x", "W"], outputs: ["c"]),
                    Node(name: "prelu", opType: "PRelu", inputs: ["c", "slope"], outputs: ["y"])],
            initializers: ["W": Tensor(shape: [], floats: [1]), "slope": Tensor(shape: [1], floats: [0.25])],
            input: [1, 1, 4, 4])
        XCTAssertThrowsError(try InferenceSession(model: graph, options: SessionOptions(threads: 1))) { error in
            guard case let .invalidAttribute(node, _, _, reason)? = error as? EngineError else {
                return XCTFail("expected invalidAttribute, got \(error)")
            }
            XCTAssertTrue(node.contains("conv") && reason.contains("2-D convolution"), "\(node): \(reason)")
        }
    }

    /// BatchNormalization after a Conv is folded into the weights, per output channel; weights
    /// with no output channels used to divide by zero there.
    func testConvWithoutOutputChannelsBeforeBatchNormalizationDoesNotDivideByZero() throws {
        let empty = Tensor(shape: [0], floats: [])
        let graph = model(
            nodes: [Node(name: "conv", opType: "Conv", inputs: ["x", "W"], outputs: ["c"]),
                    Node(name: "bn", opType: "BatchNormalization", inputs: ["c", "scale", "beta", "mean", "var"],
                         outputs: ["y"])],
            initializers: ["W": Tensor(shape: [0, 1, 3, 3], floats: []),
                           "scale": empty, "beta": empty, "mean": empty, "var": empty],
            input: [1, 1, 4, 4])
        let session = try InferenceSession(model: graph, options: SessionOptions(threads: 1))
        XCTAssertEqual(session.executedOperators, ["Conv", "BatchNormalization"], "the BatchNormalization is not folded")
        let output = try session.run(["x": Tensor(zeros: [1, 1, 4, 4])])["y"]
        XCTAssertEqual(output?.shape, [1, 0, 2, 2])
    }

    /// Resizing a plane with no pixels to one with pixels has nothing to sample: refused, rather
    /// than returning an output no pixel was written to.
    func testResizingAnEmptyPlaneToPixelsIsRefused() throws {
        let graph = model(
            nodes: [Node(name: "resize", opType: "Resize", inputs: ["x", "", "", "sizes"], outputs: ["y"])],
            initializers: ["sizes": Tensor(shape: [4], int64s: [1, 1, 2, 2])])
        let session = try InferenceSession(model: graph, options: SessionOptions(threads: 1))
        XCTAssertThrowsError(try session.run(["x": Tensor(zeros: [1, 1, 0, 4])])) { error in
            guard case .shapeMismatch(node: "resize", op: "Resize", let reason)? = error as? EngineError else {
                return XCTFail("expected shapeMismatch, got \(error)")
            }
            XCTAssertTrue(reason.contains("empty 0x4 plane"), reason)
        }
    }

    // MARK: Helpers

    /// An opset-13 model with the float32 input "x" (of `input` shape, when given), any further
    /// inputs, and the float32 output "y".
    private func model(nodes: [Node], initializers: [String: Tensor], input: [Int]? = nil,
                       extraInputs: [String: [Int]] = [:]) -> Model {
        let declared = [ValueInfo(name: "x", elementType: .float32, shape: input.map { $0.map(Dimension.fixed) })]
            + extraInputs.keys.sorted().map { name in
                ValueInfo(name: name, elementType: .float32, shape: extraInputs[name]!.map(Dimension.fixed))
            }
        let graph = Graph(name: "malformed", nodes: nodes, initializers: initializers, inputs: declared,
                          outputs: [ValueInfo(name: "y", elementType: .float32, shape: nil)])
        return Model(irVersion: 8, opsetVersion: 13, producerName: "sightline-tests", metadata: [:], graph: graph)
    }
}
