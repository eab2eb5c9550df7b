// ClassifierGraphBuilderTests: the trained model's graph on a small hand-made backbone — the
// backbone's own head and role-less outputs are dropped, other roles kept, the new Gemm and
// Softmax compute the head's logits and probabilities, and names never collide.
import Foundation
import SightlineEngine
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class ClassifierGraphBuilderTests: XCTestCase {
    /// x [N, 2, 2, 2] → Relu → "activations" → GlobalAveragePool → Flatten → "pooled" (features),
    /// "pooled" → Gemm(old weights) → "scores" (logits), and x → Sigmoid → "debug" (no role).
    private func backbone(activationsName: String = "activations") -> (model: Model, roles: [String: String]) {
        let graph = Graph(
            name: "tiny",
            nodes: [
                Node(name: "relu", opType: "Relu", inputs: ["x"], outputs: [activationsName]),
                Node(name: "pool", opType: "GlobalAveragePool", inputs: [activationsName], outputs: ["pool4d"]),
                Node(name: "flatten", opType: "Flatten", inputs: ["pool4d"], outputs: ["pooled"], attributes: ["axis": .int(1)]),
                Node(name: "fc", opType: "Gemm", inputs: ["pooled", "old.weight", "old.bias"], outputs: ["scores"],
                     attributes: ["transB": .int(1)]),
                Node(name: "debug", opType: "Sigmoid", inputs: ["x"], outputs: ["debug"]),
            ],
            initializers: ["old.weight": Tensor(shape: [5, 2], floats: (0 ..< 10).map(Float.init)),
                           "old.bias": Tensor(shape: [5], floats: [0, 0, 0, 0, 0])],
            inputs: [ValueInfo(name: "x", elementType: .float32, shape: [.symbolic("N"), .fixed(2), .fixed(2), .fixed(2)])],
            outputs: [ValueInfo(name: "scores", elementType: .float32, shape: [.symbolic("N"), .fixed(5)]),
                      ValueInfo(name: "pooled", elementType: .float32, shape: [.symbolic("N"), .fixed(2)]),
                      ValueInfo(name: activationsName, elementType: .float32, shape: nil),
                      ValueInfo(name: "debug", elementType: .float32, shape: nil)])
        return (Model(irVersion: 8, opsetVersion: 13, producerName: "tests", metadata: ["licence": "MIT"], graph: graph),
                ["logits": "scores", "features": "pooled", "feature_map": activationsName])
    }

    private let head = MultinomialLogisticRegression(classCount: 3, featureCount: 2,
                                                     weights: [1, -1, 0.5, 2, -3, 0.25], bias: [0.1, -0.2, 0.3])

    func testTheHeadReplacesTheBackbonesClassifier() throws {
        let (backboneModel, roles) = backbone()
        let built = try ClassifierGraphBuilder.build(backbone: backboneModel, backboneName: "tiny", roles: roles, head: head,
                                                     metadata: ["labels": "[\"a\",\"b\",\"c\"]"])
        XCTAssertEqual(built.roles, ["logits": "logits", "probabilities": "probabilities", "features": "pooled",
                                     "feature_map": "activations"])
        let graph = built.model.graph
        XCTAssertEqual(graph.nodes.map(\.opType), ["Relu", "GlobalAveragePool", "Flatten", "Gemm", "Softmax"])
        XCTAssertEqual(Set(graph.initializers.keys), ["classifier.weight", "classifier.bias"])
        XCTAssertEqual(graph.outputs.map(\.name), ["logits", "probabilities", "pooled", "activations"])
        XCTAssertEqual(graph.outputs[0].shape, [.symbolic("N"), .fixed(3)])
        XCTAssertEqual(built.model.metadata, ["licence": "MIT", "labels": "[\"a\",\"b\",\"c\"]"])
        XCTAssertEqual(built.model.opsetVersion, 13)

        // Run it: the logits are the head applied to the features output.
        let session = try InferenceSession(model: Model(serializedData: built.model.serializedData()))
        let input = (0 ..< 16).map { Float($0 % 5) - 1.5 }
        let outputs = try session.run(["x": Tensor(shape: [2, 2, 2, 2], floats: input)])
        let features = FeatureMatrix(rows: 2, columns: 2, values: outputs["pooled"]!.floats)
        let expectedLogits = head.logits(for: features)
        let expectedProbabilities = head.probabilities(for: features)
        for index in 0 ..< 6 {
            XCTAssertEqual(outputs["logits"]!.floats[index], expectedLogits[index], accuracy: 1e-5)
            XCTAssertEqual(outputs["probabilities"]!.floats[index], expectedProbabilities[index], accuracy: 1e-6)
        }
    }

    func testNewNamesAvoidValuesTheBackboneKeeps() throws {
        let (backboneModel, roles) = backbone(activationsName: "probabilities")
        let built = try ClassifierGraphBuilder.build(backbone: backboneModel, backboneName: "tiny", roles: roles, head: head,
                                                     metadata: [:])
        XCTAssertEqual(built.roles["feature_map"], "probabilities")
        XCTAssertEqual(built.roles["probabilities"], "probabilities_2")
        XCTAssertNoThrow(try GraphValidator.validate(built.model.graph))
    }

    func testABackboneWithoutUsableFeaturesIsRefused() {
        let (backboneModel, roles) = backbone()
        var noFeatures = roles
        noFeatures["features"] = nil
        XCTAssertThrowsError(try ClassifierGraphBuilder.build(backbone: backboneModel, backboneName: "tiny", roles: noFeatures,
                                                              head: head, metadata: [:]))
        let wide = MultinomialLogisticRegression(classCount: 2, featureCount: 7, weights: Array(repeating: 0, count: 14),
                                                 bias: [0, 0])
        XCTAssertThrowsError(try ClassifierGraphBuilder.build(backbone: backboneModel, backboneName: "tiny", roles: roles,
                                                              head: wide, metadata: [:])) { error in
            guard case .unusableBackbone(_, let reason)? = error as? TrainingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("2 values per image"), reason)
        }
    }
}
