// AppServices: what the routes share — the store, the apps' bundled knowledge and the models,
// each loaded once on first use (a missing model is an error of the request that needs it,
// not of the server's start), the inference gate, the memory budget for photos and the count of
// live-camera sockets.
import Foundation
import Hummingbird
import SightlineApps
import SightlineStore
import SightlineVision

final class AppServices: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let models: ModelStore
    let gate: InferenceGate
    let memory: MemoryBudget
    let liveSockets: LiveSocketCount

    let categories: Lazy<ObjectCategories>
    let recognizer: Lazy<ObjectRecognizer>
    let classifiers: LazyDictionary<ImageClassifier>
    let detectors: LazyDictionary<ObjectDetector>
    let faceDetector: Lazy<FaceDetector>
    let wasteKnowledge: Lazy<WasteKnowledge>
    let wasteGuard: Lazy<WasteGuard>
    let encyclopaedia: Lazy<BreedEncyclopaedia>
    let catScanner: Lazy<CatScanner>
    let kitchenKnowledge: Lazy<KitchenKnowledge>
    let ingredientFinder: Lazy<IngredientFinder>

    init(configuration: ServerConfiguration, store: Store, models: ModelStore = ModelStore()) {
        self.configuration = configuration
        self.store = store
        self.models = models
        gate = InferenceGate(slots: configuration.inferenceSlots, queueLength: configuration.inferenceQueueLength)
        memory = MemoryBudget(capacity: configuration.maxMemoryBytes)
        liveSockets = LiveSocketCount(limit: configuration.maxLiveSockets)
        // Requests already run side by side (inference slots), so each inference uses one
        // engine thread per slot's share of the cores.
        let inferenceOptions = InferenceOptions(threads: max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, configuration.inferenceSlots)))
        let maxPixels = configuration.maxPixels
        categories = Lazy { try ObjectCategories.bundled() }
        recognizer = Lazy {
            let classifier = try ImageClassifier(model: models.model(ObjectRecognizer.defaultModelName), options: inferenceOptions,
                                                 maxPixels: maxPixels)
            let faces = try FaceDetector(inferenceOptions: inferenceOptions, store: models)
            return try ObjectRecognizer(classifier: classifier, categories: ObjectCategories.bundled(), faceDetector: faces)
        }
        classifiers = LazyDictionary { name in
            try ImageClassifier(model: models.model(name), options: inferenceOptions, maxPixels: maxPixels)
        }
        detectors = LazyDictionary { name in
            try ObjectDetector(model: models.model(name), inferenceOptions: inferenceOptions, maxPixels: maxPixels)
        }
        faceDetector = Lazy { try FaceDetector(inferenceOptions: inferenceOptions, store: models) }
        wasteKnowledge = Lazy { try WasteKnowledge.bundled() }
        wasteGuard = Lazy { try WasteGuard(store: models, inferenceOptions: inferenceOptions) }
        encyclopaedia = Lazy { try BreedEncyclopaedia.bundled() }
        catScanner = Lazy { try CatScanner.installed(in: models, options: inferenceOptions) }
        kitchenKnowledge = Lazy { try KitchenKnowledge.bundled() }
        ingredientFinder = Lazy { [kitchenKnowledge] in
            try IngredientFinder.installed(vocabulary: kitchenKnowledge.get().vocabulary, in: models, options: inferenceOptions)
        }
    }

    /// Runs model work through the gate, off the event loop.
    func infer<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await gate.run { _ in try work() }
    }

    /// Reads the request's photo within the memory budget, refuses it if its header already shows
    /// it cannot be decoded, then waits for an inference slot and runs `work` on it: an upload
    /// that arrives slowly holds memory for what it has sent, never a slot, and a full budget
    /// refuses it 503 `busy`.
    func infer<Value: Sendable>(uploadOf request: Request,
                                _ work: @escaping @Sendable (PhotoUpload) throws -> Value) async throws -> Value {
        try await infer(uploadOf: request) { upload, _ in try work(upload) }
    }

    /// As `infer(uploadOf:_:)`, for work that saves what it found: it checks the cancellation
    /// before saving, so a request already answered 408 (past the request time limit) saves nothing.
    func infer<Value: Sendable>(uploadOf request: Request,
                                _ work: @escaping @Sendable (PhotoUpload, InferenceCancellation) throws -> Value)
        async throws -> Value {
        let upload = try await PhotoUpload.read(from: request, limit: configuration.maxUploadBytes, budget: memory)
        try PhotoDecoding.checkHeader(upload, maxPixels: configuration.maxPixels)
        return try await gate.run { cancellation in try work(upload, cancellation) }
    }

    var kitchen: KitchenContext {
        get throws { KitchenContext(knowledge: try kitchenKnowledge.get(), store: store) }
    }
}
