// WasteModelSelection: which installed models WasteGuard uses, decided from their manifests
// alone (nothing is loaded): an object detector whose labels are WasteGuard classes when one is
// installed (with the box verifier when it is installed), otherwise the general ImageNet
// classifier (lite0); with either, the whole-photo heads that are installed. The object overview is built from the same decision, so it always
// describes exactly what an analysis uses.
import Foundation
public import SightlineVision

/// The models WasteGuard would use.
public enum WasteModelSelection: Sendable, Equatable {
    /// A YOLO detector whose labels are all WasteGuard class labels, with the whole-photo heads
    /// and the box verifier that are installed.
    case detector(InstalledModel, organicHead: InstalledModel?, materialsHead: InstalledModel?, verifier: InstalledModel?)
    /// The ImageNet classifier, with the whole-photo heads that are installed.
    case imageNet(classifier: InstalledModel, organicHead: InstalledModel?, materialsHead: InstalledModel?)

    /// The general classifier used without a waste detector.
    public static let defaultClassifierName = "lite0"

    /// Chooses from the models installed in `store`.
    ///
    /// - Parameter detectorName: a detector to use instead of the first compatible one (by name).
    /// - Throws: `WasteGuardError.incompatibleModel` when the named model is not a compatible
    ///   detector, `.noModelInstalled`, or `ModelStoreError` for an unreadable model store.
    public static func choose(in store: ModelStore, knowledge: WasteKnowledge, detectorName: String? = nil) throws
        -> WasteModelSelection {
        let installed = try store.installedModels()
        func head(_ name: String) -> InstalledModel? {
            installed.first { $0.name == name && $0.manifest.task == .classification }
        }
        let organicHead = head(WholePhotoClassifiers.organicModelName)
        let materialsHead = head(WholePhotoClassifiers.materialsModelName)
        let verifier = head(ForeignObjectVerifier.modelName)
        if let detectorName {
            let model = try store.model(detectorName)
            if let problem = detectorProblem(model, knowledge: knowledge) {
                throw WasteGuardError.incompatibleModel(model: model.name, reason: problem)
            }
            return .detector(model, organicHead: organicHead, materialsHead: materialsHead, verifier: verifier)
        }
        if let detector = installed.first(where: { detectorProblem($0, knowledge: knowledge) == nil }) {
            return .detector(detector, organicHead: organicHead, materialsHead: materialsHead, verifier: verifier)
        }
        guard let classifier = installed.first(where: { $0.name == defaultClassifierName }) else {
            throw WasteGuardError.noModelInstalled(modelsDirectory: store.modelsDirectory.path)
        }
        return .imageNet(classifier: classifier, organicHead: organicHead, materialsHead: materialsHead)
    }

    /// Why `model` cannot be WasteGuard's detector, or nil when it can: it must be an object
    /// detector whose labels are WasteGuard class labels, each at most once (a detector may
    /// know only some of WasteGuard's classes, in any order; the overview then lists only those).
    public static func detectorProblem(_ model: InstalledModel, knowledge: WasteKnowledge) -> String? {
        let manifest = model.manifest
        guard manifest.task == .objectDetection else {
            return "it is a \(manifest.task.rawValue) model, not an object detector"
        }
        guard !manifest.labels.isEmpty else {
            return "its manifest lists no labels; install it with `sightline models add NAME MODEL.onnx --labels LABELS.txt`"
        }
        let unknown = manifest.labels.filter { knowledge.wasteClass(label: $0) == nil }
        guard unknown.isEmpty else {
            return "its labels \(unknown.map { "'\($0)'" }.joined(separator: ", ")) are not WasteGuard classes "
                + "(\(knowledge.classes.map(\.label).joined(separator: ", ")))"
        }
        guard Set(manifest.labels).count == manifest.labels.count else {
            return "its labels list a class twice"
        }
        return nil
    }

    /// The names of the models in use: the recogniser's, the box verifier's, then the heads'.
    public var modelNames: [String] {
        switch self {
        case let .detector(model, _, _, verifier): [model.name] + [verifier].compactMap { $0?.name } + heads.map(\.name)
        case .imageNet(let classifier, _, _): [classifier.name] + heads.map(\.name)
        }
    }

    /// The installed whole-photo heads, organic first.
    public var heads: [InstalledModel] {
        switch self {
        case let .detector(_, organicHead, materialsHead, _), let .imageNet(_, organicHead, materialsHead):
            [organicHead, materialsHead].compactMap { $0 }
        }
    }
}
