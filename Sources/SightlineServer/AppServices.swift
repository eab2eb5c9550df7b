// AppServices: what the routes share — the store, the apps' bundled knowledge and the models,
// each loaded once on first use or by the warm-up (a missing model is an error of the request
// that needs it and of readiness, not of the server's start), the inference gate, the memory
// budget for photos, the count of live-camera sockets, the metrics and the readiness.
import Dispatch
import Foundation
import Hummingbird
import SightlineApps
import SightlineStore
import SightlineVision

final class AppServices: Sendable {
    let configuration: ServerConfiguration
    let store: any Store
    let models: ModelStore
    let gate: InferenceGate
    let memory: MemoryBudget
    let liveSockets: LiveSocketCount
    let metrics: ServerMetrics
    let readiness: Readiness

    let categories: Lazy<ObjectCategories>
    let recognizer: Lazy<ObjectRecognizer>
    let classifiers: LazyDictionary<ImageClassifier>
    /// Feature-print extractors by classifier name (the photo library's "similar photos").
    let featurePrinters: LazyDictionary<FeaturePrintExtractor>
    let detectors: LazyDictionary<ObjectDetector>
    let faceDetector: Lazy<FaceDetector>
    let wasteKnowledge: Lazy<WasteKnowledge>
    let wasteGuard: Lazy<WasteGuard>
    let encyclopaedia: Lazy<BreedEncyclopaedia>
    let breedPhotos: Lazy<BreedPhotos>
    let catScanner: Lazy<CatScanner>
    let kitchenKnowledge: Lazy<KitchenKnowledge>
    let ingredientFinder: Lazy<IngredientFinder>

    init(configuration: ServerConfiguration, store: any Store, models: ModelStore = ModelStore()) {
        self.configuration = configuration
        self.store = store
        self.models = models
        let metrics = ServerMetrics()
        self.metrics = metrics
        readiness = Readiness()
        gate = InferenceGate(slots: configuration.inferenceSlots, queueLength: configuration.inferenceQueueLength, metrics: metrics)
        memory = MemoryBudget(capacity: configuration.maxMemoryBytes)
        liveSockets = LiveSocketCount(limit: configuration.maxLiveSockets)
        // Requests already run side by side (inference slots), so each inference uses one
        // engine thread per slot's share of the cores.
        let inferenceOptions = InferenceOptions(threads: max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, configuration.inferenceSlots)))
        let maxPixels = configuration.maxPixels
        categories = Lazy { try ObjectCategories.bundled() }
        recognizer = Lazy { try metrics.timingLoad("recognizer") {
            let classifier = try ImageClassifier(model: models.model(ObjectRecognizer.defaultModelName), options: inferenceOptions,
                                                 maxPixels: maxPixels)
            let faces = try FaceDetector(inferenceOptions: inferenceOptions, store: models)
            return try ObjectRecognizer(classifier: classifier, categories: ObjectCategories.bundled(), faceDetector: faces)
        } }
        classifiers = LazyDictionary { name in
            try metrics.timingLoad("classifier", model: name) {
                try ImageClassifier(model: models.model(name), options: inferenceOptions, maxPixels: maxPixels)
            }
        }
        featurePrinters = LazyDictionary { [classifiers] name in try FeaturePrintExtractor(classifier: classifiers.get(name)) }
        detectors = LazyDictionary { name in
            try metrics.timingLoad("detector", model: name) {
                try ObjectDetector(model: models.model(name), inferenceOptions: inferenceOptions, maxPixels: maxPixels)
            }
        }
        faceDetector = Lazy { try metrics.timingLoad("face-detector") { try FaceDetector(inferenceOptions: inferenceOptions, store: models) } }
        wasteKnowledge = Lazy { try WasteKnowledge.bundled() }
        wasteGuard = Lazy { try metrics.timingLoad("waste-guard") { try WasteGuard(store: models, inferenceOptions: inferenceOptions) } }
        encyclopaedia = Lazy { try BreedEncyclopaedia.bundled() }
        breedPhotos = Lazy { try BreedPhotos(dataDirectory: models.dataDirectory) }
        catScanner = Lazy { try metrics.timingLoad("cat-scanner") { try CatScanner.installed(in: models, options: inferenceOptions) } }
        kitchenKnowledge = Lazy { try KitchenKnowledge.bundled() }
        ingredientFinder = Lazy { [kitchenKnowledge] in
            try metrics.timingLoad("ingredient-finder") {
                try IngredientFinder.installed(vocabulary: kitchenKnowledge.get().vocabulary, in: models, options: inferenceOptions)
            }
        }
    }

    /// What the warm-up loads, in order: every app's models.
    private var warmUpComponents: [(name: String, load: @Sendable () throws -> Void)] {
        [("recognizer", { _ = try self.recognizer.get() }),
         ("face-detector", { _ = try self.faceDetector.get() }),
         ("waste-guard", { _ = try self.wasteGuard.get() }),
         ("cat-scanner", { _ = try self.catScanner.get() }),
         ("ingredient-finder", { _ = try self.ingredientFinder.get() })]
    }

    /// Loads every app's models on a background thread, one after another, so that the first
    /// requests find them loaded; `/readyz` answers 503 until each has loaded and names any that
    /// could not be (a request that needs it still tries again).
    func warmUp() {
        let components = warmUpComponents
        readiness.begin(components.map(\.name))
        DispatchQueue.global(qos: .utility).async { [readiness] in
            for component in components {
                do {
                    try component.load()
                    readiness.set(component.name, .loaded)
                } catch {
                    readiness.set(component.name, .failed(APIError.from(error).message))
                }
            }
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
        let upload = try await PhotoUpload.read(from: request, limit: configuration.maxUploadBytes, budget: memory)
        try PhotoDecoding.checkHeader(upload, maxPixels: configuration.maxPixels)
        return try await gate.run { _ in try work(upload) }
    }

    var kitchen: KitchenContext {
        get throws { KitchenContext(knowledge: try kitchenKnowledge.get(), store: store) }
    }
}
