// MTCNNNetwork: one of MTCNN's three networks (P-Net, R-Net, O-Net) loaded from an installed
// model, checked against its manifest, and run on a batch of prepared crops.
import Foundation
import SightlineEngine

/// A compiled MTCNN stage and the names of its graph input and outputs.
struct MTCNNNetwork: Sendable {
    let modelName: String
    let session: InferenceSession
    let inputName: String
    /// Graph output names by role: "boxes", "scores" and, for O-Net, "landmarks".
    let outputNames: [String: String]

    /// Loads `model`, which must be a face-detection model in the "NWHC" layout whose
    /// manifest names the output `roles`.
    init(model: InstalledModel, roles: [String], options: InferenceOptions) throws {
        let manifest = model.manifest
        guard manifest.task == .faceDetection else {
            throw FaceDetectionError.manifestDoesNotMatchModel(
                model: manifest.name, reason: "it is a \(manifest.task.rawValue) model, not face detection")
        }
        guard manifest.input.layout == .nwhc else {
            throw FaceDetectionError.manifestDoesNotMatchModel(
                model: manifest.name, reason: "its input layout is \(manifest.input.layout.rawValue), not NWHC")
        }
        var outputNames: [String: String] = [:]
        for role in roles {
            guard let name = manifest.outputs[role] else {
                throw FaceDetectionError.manifestDoesNotMatchModel(model: manifest.name, reason: "the manifest names no '\(role)' output")
            }
            outputNames[role] = name
        }
        do {
            session = try InferenceSession(model: model.loadONNX(), options: options.session)
        } catch let error as EngineError {
            throw FaceDetectionError.unusableModel(model: manifest.name, path: model.modelURL.path, reason: error)
        }
        guard session.inputs.contains(where: { $0.name == manifest.input.name }) else {
            throw FaceDetectionError.manifestDoesNotMatchModel(model: manifest.name, reason:
                "the graph has no input '\(manifest.input.name)' (it has \(session.inputs.map(\.name).joined(separator: ", ")))")
        }
        for name in outputNames.values where !session.outputNames.contains(name) {
            throw FaceDetectionError.manifestDoesNotMatchModel(model: manifest.name, reason:
                "the graph has no output '\(name)' (it has \(session.outputNames.joined(separator: ", ")))")
        }
        modelName = manifest.name
        inputName = manifest.input.name
        self.outputNames = outputNames
    }

    /// Runs the network on `values` of `shape` ([batch, width, height, 3]) and returns each
    /// role's output values, checking that every output holds `valuesPerItem[role]` floats per
    /// batch item (or, when that is nil, any whole number of them).
    func run(_ values: [Float], shape: [Int], valuesPerItem: [String: Int]) throws -> [String: Tensor] {
        let outputs: [String: Tensor]
        do {
            outputs = try session.run([inputName: Tensor(shape: shape, floats: values)])
        } catch let error as EngineError {
            throw FaceDetectionError.inferenceFailed(model: modelName, reason: error.description)
        }
        var byRole: [String: Tensor] = [:]
        for (role, name) in outputNames {
            guard let tensor = outputs[name], tensor.elementType == .float32, tensor.shape.first == shape[0],
                  valuesPerItem[role].map({ tensor.count == $0 * shape[0] }) ?? true else {
                throw FaceDetectionError.inferenceFailed(model: modelName, reason:
                    "its '\(name)' output is \(outputs[name].map { "\($0.elementType) \($0.shape)" } ?? "missing"); "
                    + "expected float32 values for \(shape[0]) input\(shape[0] == 1 ? "" : "s")")
            }
            byRole[role] = tensor
        }
        return byRole
    }
}
