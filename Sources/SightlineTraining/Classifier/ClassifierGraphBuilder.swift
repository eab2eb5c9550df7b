// ClassifierGraphBuilder: the ONNX graph of a trained classifier — the backbone's graph without
// its own classification head, plus a Gemm holding the learned weights on the backbone's
// "features" output (producing "logits") and a Softmax (producing "probabilities"). Every other
// output role of the backbone (features, feature_map, …) is kept under its tensor name. The
// same Gemm and Softmax alone, on a "features" input, make the head file (`TrainedHead`).
import Foundation
import SightlineEngine
import SightlineVision

enum ClassifierGraphBuilder {
    /// The backbone roles the new head replaces.
    static let replacedRoles: Set<String> = ["logits", "probabilities"]

    /// The trained model and its manifest output roles (role → graph output name).
    ///
    /// - Parameters:
    ///   - backbone: the backbone's loaded ONNX model.
    ///   - roles: the backbone manifest's outputs; must include "features".
    ///   - metadata: entries added to (or replacing) the backbone model's metadata.
    /// - Throws: `TrainingError.unusableBackbone` when the features output is missing or its
    ///   width differs from the head's.
    static func build(backbone: Model, backboneName: String, roles: [String: String], head: MultinomialLogisticRegression,
                      metadata: [String: String]) throws(TrainingError) -> (model: Model, roles: [String: String]) {
        let graph = backbone.graph
        func unusable(_ reason: String) -> TrainingError { .unusableBackbone(model: backboneName, reason: reason) }
        guard let featuresName = roles[FeaturePrintExtractor.featuresRole] else {
            throw unusable("its manifest names no 'features' output")
        }
        guard let featuresInfo = graph.outputs.first(where: { $0.name == featuresName }) else {
            throw unusable("its graph has no output '\(featuresName)'")
        }
        if let width = featuresInfo.shape?.dropFirst().reduce(Optional(1), { product, dimension in
            guard let product, case .fixed(let size) = dimension else { return nil }
            return product * size
        }), width != head.featureCount {
            throw unusable("its '\(featuresName)' output has \(width) values per image, the classifier reads \(head.featureCount)")
        }

        // Keep the outputs of every role the head does not replace, and what computes them.
        var keptRoles = roles.filter { !replacedRoles.contains($0.key) }
        let keptNames = Set(keptRoles.values)
        let keptOutputs = graph.outputs.filter { keptNames.contains($0.name) }
        keptRoles = keptRoles.filter { role in keptOutputs.contains { $0.name == role.value } }
        var needed = Set(keptOutputs.map(\.name))
        var nodes: [Node] = []
        for node in graph.nodes.reversed() where node.outputs.contains(where: needed.contains) {
            nodes.append(node)
            needed.formUnion(node.inputs.filter { !$0.isEmpty })
        }
        nodes.reverse()
        var taken = Set(graph.inputs.map(\.name)).union(nodes.flatMap(\.outputs))
        var nodeNames = Set(nodes.map(\.name))
        var initializers = graph.initializers.filter { needed.contains($0.key) }
        taken.formUnion(initializers.keys)

        func unique(_ name: String, in used: inout Set<String>) -> String {
            var candidate = name
            var suffix = 2
            while used.contains(candidate) {
                candidate = "\(name)_\(suffix)"
                suffix += 1
            }
            used.insert(candidate)
            return candidate
        }
        let weightName = unique("classifier.weight", in: &taken)
        let biasName = unique("classifier.bias", in: &taken)
        let logitsName = unique("logits", in: &taken)
        let probabilitiesName = unique("probabilities", in: &taken)
        initializers[weightName] = Tensor(shape: [head.classCount, head.featureCount], floats: head.weights)
        initializers[biasName] = Tensor(shape: [head.classCount], floats: head.bias)

        var gemmInput = featuresName
        if featuresInfo.shape?.count != 2 {
            // Gemm reads a matrix: flatten [N, C, 1, 1] or undeclared shapes to [N, C].
            gemmInput = unique("\(featuresName)_flat", in: &taken)
            nodes.append(Node(name: unique("classifier_flatten", in: &nodeNames), opType: "Flatten",
                              inputs: [featuresName], outputs: [gemmInput], attributes: ["axis": .int(1)]))
        }
        nodes += headNodes(gemmName: unique("classifier", in: &nodeNames), softmaxName: unique("softmax", in: &nodeNames),
                           input: gemmInput, weight: weightName, bias: biasName, logits: logitsName,
                           probabilities: probabilitiesName)

        let batch = graph.inputs.first?.shape?.first ?? .symbolic("batch")
        let outputs = scoreOutputs(batch: batch, classCount: head.classCount, logits: logitsName,
                                   probabilities: probabilitiesName) + keptOutputs
        var allMetadata = backbone.metadata
        allMetadata.merge(metadata) { _, new in new }
        let model = Model(irVersion: backbone.irVersion, opsetVersion: backbone.opsetVersion, producerName: "sightline train",
                          metadata: allMetadata,
                          graph: Graph(name: "\(graph.name.isEmpty ? backboneName : graph.name)_classifier", nodes: nodes,
                                       initializers: initializers, inputs: graph.inputs, outputs: outputs))
        keptRoles["logits"] = logitsName
        keptRoles["probabilities"] = probabilitiesName
        return (model, keptRoles)
    }

    /// The graph of the head alone: input `featuresInput` [batch, featureCount] → Gemm →
    /// "logits" → Softmax → "probabilities", the weights as initialisers "classifier.weight"
    /// and "classifier.bias" — the same nodes `build` puts on a backbone.
    static func headGraph(_ head: MultinomialLogisticRegression, name: String, featuresInput: String) -> Graph {
        let batch = SightlineEngine.Dimension.symbolic("batch")
        return Graph(
            name: name,
            nodes: headNodes(gemmName: "classifier", softmaxName: "softmax", input: featuresInput, weight: "classifier.weight",
                             bias: "classifier.bias", logits: "logits", probabilities: "probabilities"),
            initializers: ["classifier.weight": Tensor(shape: [head.classCount, head.featureCount], floats: head.weights),
                           "classifier.bias": Tensor(shape: [head.classCount], floats: head.bias)],
            inputs: [ValueInfo(name: featuresInput, elementType: .float32, shape: [batch, .fixed(head.featureCount)])],
            outputs: scoreOutputs(batch: batch, classCount: head.classCount, logits: "logits", probabilities: "probabilities"))
    }

    /// Gemm (weights [classes, features], transB = 1) on `input`, then Softmax over the classes.
    private static func headNodes(gemmName: String, softmaxName: String, input: String, weight: String, bias: String,
                                  logits: String, probabilities: String) -> [Node] {
        [Node(name: gemmName, opType: "Gemm", inputs: [input, weight, bias], outputs: [logits], attributes: ["transB": .int(1)]),
         Node(name: softmaxName, opType: "Softmax", inputs: [logits], outputs: [probabilities], attributes: ["axis": .int(1)])]
    }

    /// The declared "logits" and "probabilities" outputs, [batch, classCount] each.
    private static func scoreOutputs(batch: SightlineEngine.Dimension, classCount: Int, logits: String, probabilities: String) -> [ValueInfo] {
        let scores = [batch, .fixed(classCount)]
        return [ValueInfo(name: logits, elementType: .float32, shape: scores),
                ValueInfo(name: probabilities, elementType: .float32, shape: scores)]
    }
}
