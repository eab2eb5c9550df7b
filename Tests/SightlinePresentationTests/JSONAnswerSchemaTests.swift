// JSONAnswerSchemaTests: every JSON answer type of Presentation, encoded from real app values
// (bundled knowledge, a real SQLite store, results the way the apps build them), fits the
// schema it names in the OpenAPI document the server serves — and every schema the document
// says an operation answers with is produced by one of these types, so neither can drift.
import Foundation
import SightlineApps
import SightlineImaging
import SightlinePresentation
import SightlineStore
import SightlineTestSupport
import SightlineVision
import XCTest

final class JSONAnswerSchemaTests: XCTestCase {
    private static let document = TestRepository.url("Sources/SightlineServer/Resources/openapi.json")

    func testEveryAnswerFitsItsSchema() async throws {
        let validator = try OpenAPISchemaValidator(documentAt: Self.document)
        for answer in try await Self.examples() {
            let schema = try XCTUnwrap(answer.openAPISchema, "\(type(of: answer)) names no schema")
            let json = try JSONLine.encoding(answer)
            let faults = validator.faults(of: json, against: schema)
            XCTAssertEqual(faults, [], "\(type(of: answer)) as \(schema): \(json.text.prefix(400))")
        }
    }

    func testEverySchemaTheAPIAnswersWithHasAnAnswerType() async throws {
        let answered = try Self.answeredSchemas()
        XCTAssertTrue(answered.isSuperset(of: ["Classification", "WasteReport", "Error", "Recipe"]), "\(answered.sorted())")
        let produced = Set(try await Self.examples().compactMap(\.openAPISchema))
        XCTAssertEqual(answered.subtracting(produced), [], "schemas the API answers with that no JSONAnswer type produces")
    }

    func testTheValidatorFindsWhatDoesNotFit() throws {
        let validator = try OpenAPISchemaValidator(documentAt: Self.document)
        let inference: JSONLine = .object([("running", .integer(0)), ("waiting", .integer(2))])
        func health(_ status: JSONLine = .string("ok"), version: String = "1.2.3", extra: [(String, JSONLine)] = []) -> JSONLine {
            .object([("status", status), ("version", .string(version)), ("inference", inference)] + extra)
        }
        XCTAssertEqual(validator.faults(of: health(), against: "Health"), [])
        XCTAssertEqual(validator.faults(of: try JSONLine.encoding(HealthJSON(version: "1.2.3", running: 0, waiting: 2)), against: "Health"), [])
        XCTAssertFalse(validator.faults(of: health(extra: [("extra", .bool(true))]), against: "Health").isEmpty, "an undocumented member")
        XCTAssertFalse(validator.faults(of: health(version: "one"), against: "Health").isEmpty, "a value breaking the pattern")
        XCTAssertFalse(validator.faults(of: health(.integer(1)), against: "Health").isEmpty, "a wrong type")
        XCTAssertFalse(validator.faults(of: health(.string("fine")), against: "Health").isEmpty, "not the const")
        XCTAssertFalse(validator.faults(of: try JSONLine.encoding(DeletedJSON(-1)), against: "Deleted").isEmpty, "below the minimum")
        XCTAssertFalse(validator.faults(of: .object([("error", .object([]))]), against: "Error").isEmpty, "required members missing")
        XCTAssertFalse(validator.faults(of: .object([("breeds", .array([.string("Bengal")]))]), against: "BreedFavouriteList").isEmpty,
                       "an item that is not the referenced schema")
    }

    /// The schemas the document's operations answer with: every `$ref` at the top of a response's
    /// JSON content (or among its oneOf and allOf branches), through the shared responses too.
    private static func answeredSchemas() throws -> Set<String> {
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: document)) as? [String: Any])
        var responses: [[String: Any]] = []
        for case let operations as [String: Any] in ((root["paths"] as? [String: Any]) ?? [:]).values {
            for case let operation as [String: Any] in operations.values {
                for case let response as [String: Any] in ((operation["responses"] as? [String: Any]) ?? [:]).values {
                    responses.append(response)
                }
            }
        }
        let shared = ((root["components"] as? [String: Any])?["responses"] as? [String: Any]) ?? [:]
        responses += shared.values.compactMap { $0 as? [String: Any] }
        var names: Set<String> = []
        func collect(_ schema: Any?) {
            guard let schema = schema as? [String: Any] else { return }
            if let reference = schema["$ref"] as? String, reference.hasPrefix("#/components/schemas/") {
                names.insert(String(reference.dropFirst("#/components/schemas/".count)))
            }
            for branch in ((schema["oneOf"] as? [Any]) ?? []) + ((schema["allOf"] as? [Any]) ?? []) { collect(branch) }
        }
        for response in responses {
            for case let content as [String: Any] in ((response["content"] as? [String: Any]) ?? [:]).values {
                collect(content["schema"])
            }
        }
        return names.subtracting(["OpenAPIDocument"])
    }

    // MARK: - Examples built the way the apps build them

    private static func examples() async throws -> [any JSONAnswer] {
        try visionExamples() + recognizerExamples() + catExamples() + kitchenExamples() + (await wasteExamples()) + serverExamples()
            + (await libraryExamples())
    }

    private static let photo = ImageSize(width: 640, height: 480)
    private static let created = Date(timeIntervalSince1970: 1_790_000_000)

    private static func face(at x: Double) -> FaceObservation {
        FaceObservation(boundingBox: PixelRect(x: x, y: 40.256, width: 80.5, height: 96.125), confidence: 0.9987654,
                        landmarks: FaceLandmarks(leftEye: PixelPoint(x: x + 20, y: 70), rightEye: PixelPoint(x: x + 60, y: 70.333),
                                                 nose: PixelPoint(x: x + 40, y: 90), mouthLeft: PixelPoint(x: x + 25, y: 110),
                                                 mouthRight: PixelPoint(x: x + 55, y: 110)))
    }

    private static func visionExamples() throws -> [any JSONAnswer] {
        let observations = [ClassificationObservation(index: 936, label: "head cabbage", confidence: 0.8123456),
                            ClassificationObservation(index: 938, label: "cauliflower", confidence: 0.0712)]
        let object = DetectedObject(label: "battery", classIndex: 4, confidence: 0.73, boundingBox: PixelRect(x: 10.123, y: 20, width: 30, height: 40.987),
                                    imageWidth: 640, imageHeight: 480)
        return [
            ClassificationJSON(ClassificationResult(observations: observations), file: "cabbage.jpg", milliseconds: 12.34567),
            DetectionJSON([object], file: "bin.jpg", milliseconds: 40),
            DetectionJSON([], file: "empty.jpg", milliseconds: 3),
            FaceJSON([face(at: 10), face(at: 300)], file: "two-faces.jpg", milliseconds: 81.5),
            ModelListJSON([installed(classifierManifest(training: nil))]),
            ModelDetailJSON(classifierManifest(training: nil)),
            ModelDetailJSON(classifierManifest(training: ModelManifest.Training(
                backbone: "lite0", dataDirectory: "photos", classes: [.init(label: "a", trainingPhotos: 9, validationPhotos: 1),
                                                                     .init(label: "b", trainingPhotos: 8, validationPhotos: 2)],
                seed: 7, validationFraction: 0.1, augmentationCopies: 2, inverseStrengthsTried: [0.1, 1],
                inverseStrength: 1, stoppedEarly: false, l2Regularization: 0.001, iterations: 120, refittedOnAllPhotos: true,
                trainingAccuracy: 0.98, validationAccuracy: 0.9, skippedFiles: [], shorterSide: 260))),
        ]
    }

    private static func recognizerExamples() throws -> [any JSONAnswer] {
        let categories = try ObjectCategories.bundled()
        let ranked = [ClassificationObservation(index: 936, label: categories.classLabels[936], confidence: 0.7),
                      ClassificationObservation(index: 938, label: categories.classLabels[938], confidence: 0.2)]
        let category = try XCTUnwrap(categories.category(ofClass: 936))
        let plain = ObjectRecognition(best: ranked[0], ranked: ranked, category: category, faceScan: nil)
        let withFaces = ObjectRecognition(best: ranked[0], ranked: ranked, category: category,
                                          faceScan: FaceScan(faces: [face(at: 10)]))
        let capture = RecognitionCaptureSummary(id: 3, createdAt: created, label: ranked[0].label, classIndex: 936,
                                                confidence: 0.7, categoryID: category.id, faceCount: nil)
        var scanned = capture
        scanned.faceCount = 2
        let recognition = RecognitionJSON(withFaces, file: "frame-1", language: .german, savedID: 12)
        return [
            RecognitionJSON(plain, file: "cabbage.jpg", language: .english, savedID: nil),
            recognition,
            CaptureEntryJSON(capture, categories: categories, language: .english),
            CaptureListJSON(captures: [CaptureEntryJSON(scanned, categories: categories, language: .german)]),
            CategoryListJSON(categories, language: .german),
            LiveResultJSON(frame: 1, result: .recognition(recognition), milliseconds: 52.25, dropped: 0),
        ]
    }

    private static func catExamples() throws -> [any JSONAnswer] {
        let result = CatScanResult(catConfidence: 0.93, breedObservations: [
            ClassificationObservation(index: 0, label: "Bengal", confidence: 0.6),
            ClassificationObservation(index: 1, label: "Siamese", confidence: 0.3),
            ClassificationObservation(index: 2, label: "Persian", confidence: 0.05),
        ])
        let summary = CatScanSummary(id: 4, createdAt: created, isCat: true, catConfidence: 0.93, message: "This is a cat.",
                                     breeds: result.breeds)
        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let entries = encyclopaedia.entries(matching: "ben", recognisedLabels: ["Bengal"], favourites: ["Bengal"])
        let entry = try XCTUnwrap(entries.first)
        return [
            CatScanJSON(result, file: "cat.jpg", historyID: 4, language: .german),
            CatScanJSON(result, file: "cat.jpg", historyID: nil),
            CatScanEntryJSON(summary),
            CatScanListJSON(scans: [summary], total: 1),
            BreedListJSON(breeds: entries, total: encyclopaedia.breeds.count, recognised: 1),
            BreedListJSON(breeds: [], total: encyclopaedia.breeds.count, recognised: nil),
            BreedEntryJSON(entry),
            BreedEntryJSON(try BreedTranslations.bundled().translating(entry, to: .german)),
            BreedFavouriteListJSON(breeds: [entry]),
            FavouriteChangeJSON.added(.breed, entry.breed.name, changed: true),
            FavouriteChangeJSON.removed(.breed, entry.breed.name, changed: false),
        ]
    }

    private static func kitchenExamples() throws -> [any JSONAnswer] {
        let knowledge = try KitchenKnowledge.bundled()
        let recipe = try XCTUnwrap(knowledge.recipes.recipes.first)
        let found = [FoundIngredient(name: "tomato", confidence: 0.91, boxes: [.init(rect: NormalizedRect(x: 0.1, y: 0.2, width: 0.3, height: 0.25),
                                                                                     confidence: 0.91)]),
                     FoundIngredient(name: "onion", confidence: 0.45, boxes: [.init(rect: NormalizedRect(x: 0.5, y: 0.5, width: 0.2, height: 0.2),
                                                                                    confidence: 0.45)])]
        let detected = IngredientIdentification(ingredient: "tomato", confidence: 0.91,
                                                candidates: [IngredientCandidate(name: "tomato", confidence: 0.91)],
                                                method: .detector, found: found)
        let unsure = IngredientIdentification(ingredient: nil, confidence: 0.4,
                                              candidates: [IngredientCandidate(name: "onion", confidence: 0.4),
                                                           IngredientCandidate(name: "garlic", confidence: 0.3)])
        let match = RecipeMatch(id: recipe.id, title: recipe.title, used: ["tomato"], missing: ["onion"], readyInMinutes: 20,
                                diets: [.vegetarian])
        let online = RecipeMatch(id: "spoonacular-1", title: "Online", used: [], missing: [], readyInMinutes: nil, diets: [])
        let items = [ShoppingListItem(id: 1, name: "onion", amount: "2", recipeID: recipe.id, recipeTitle: recipe.title),
                     ShoppingListItem(id: 2, name: "salt", isChecked: true)]
        return [
            KitchenIdentificationJSON(detected, file: "counter.jpg", changes: [.added("tomato")]),
            KitchenIdentificationJSON(unsure, file: "upload", changes: []),
            IngredientListJSON(["tomato", "onion"]),
            IngredientNamesJSON(try KitchenTranslations.bundled().ingredientNames(in: .german)),
            IngredientAddedJSON(change: IngredientChangeJSON(text: "Tomatoes ", change: .added("tomato")), ingredients: ["tomato"]),
            IngredientAddedJSON(change: IngredientChangeJSON(text: " ", change: .ignoredEmpty), ingredients: []),
            IngredientAddedJSON(change: IngredientChangeJSON(text: "pepper", change: .ambiguous(meanings: ["bell pepper", "black pepper"])),
                                ingredients: []),
            IngredientAddedJSON(change: IngredientChangeJSON(text: "tomatp", change: .unknown(suggestions: ["tomato"])), ingredients: []),
            ShoppingListJSON(items),
            RecipeMatchesJSON([match, online]),
            RecipeJSON(recipe, favourite: true, ingredientList: Set(recipe.ingredients.prefix(1).map(\.name))),
            RecipeJSON(try KitchenTranslations.bundled().translating(recipe, to: .ukrainian), favourite: false, ingredientList: []),
            RecipeFavouritesJSON(ids: [recipe.id, "spoonacular-1"]) { knowledge.recipes.recipe(id: $0)?.title },
            FavouriteChangeJSON.added(.recipe, recipe.id, changed: true),
            FavouriteChangeJSON.removed(.recipe, recipe.id, changed: false),
        ]
    }

    private static func wasteExamples() async throws -> [any JSONAnswer] {
        let knowledge = try WasteKnowledge.bundled()
        let materials = try WasteMaterials.bundled()
        func object(_ label: String, _ evidence: WasteObject.Evidence) throws -> WasteObject {
            WasteObject(wasteClass: try XCTUnwrap(knowledge.wasteClass(label: label), label), confidence: 0.8123,
                        boundingBox: PixelRect(x: 12.345, y: 30, width: 100.5, height: 80), imageSize: photo, evidence: evidence)
        }
        let judgement = PhotoJudgement(label: "non-organic", confidence: 0.77, model: "waste-organic")
        let objects = [
            try object("battery", .detector(model: "waste-detector", verification: PhotoJudgement(label: "foreign", confidence: 0.7,
                                                                                                   model: "waste-verifier"))),
            try object("apple", .detector(model: "waste-detector")),
            try object("glass", .imageNet(model: "lite0", classes: [.init(index: 440, label: "beer bottle", confidence: 0.5)])),
            try object("plastic", .heads(organic: judgement, material: PhotoJudgement(label: "plastic", confidence: 0.6,
                                                                                     model: "waste-materials"), overrules: nil)),
        ]
        let verdict = PhotoVerdict(organic: judgement, material: nil, objectsFound: true)
        var reports: [any JSONAnswer] = []
        for mode in WasteGuardMode.allCases {
            for findings in [WasteFindings(imageSize: photo, objects: objects, verdict: verdict),
                             WasteFindings(imageSize: photo, objects: [], verdict: nil)] {
                let report = WasteReport(findings: findings, mode: mode, language: .german,
                                         municipality: knowledge.defaultMunicipality, knowledge: knowledge, materials: materials)
                reports.append(WasteReportJSON(report, file: "bin.jpg", models: ["waste-detector"]) { "/api/v1/waste/symbols/\($0.id).svg" })
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-presentation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        let consent = WasteGuardConsent(store: store, texts: knowledge.texts)
        let before = WasteConsentJSON(try await consent.status(), texts: knowledge.texts, language: .english)
        try await consent.accept(.privacy, at: created)
        let after = WasteConsentJSON(try await consent.status(), texts: knowledge.texts, language: .german)
        try store.close()
        let detector = installed(detectorManifest(labels: ["battery", "apple", "glass"]))
        let classifier = installed(classifierManifest(training: nil))
        return reports + [
            LiveResultJSON(frame: 7, result: .waste(try XCTUnwrap(reports.first as? WasteReportJSON)), milliseconds: 120.04, dropped: 3),
            before, after,
            WasteHelpJSON(WasteGuardMode.allCases, texts: knowledge.texts, language: .english),
            WasteHelpJSON([.check], texts: knowledge.texts, language: .german),
            WasteOverviewJSON(WasteObjectOverview(selection: .detector(detector, organicHead: nil, materialsHead: nil, verifier: nil),
                                                  knowledge: knowledge, materials: try WasteMaterials.bundled()), texts: knowledge.texts, language: .english),
            WasteOverviewJSON(WasteObjectOverview(selection: .imageNet(classifier: classifier, organicHead: nil, materialsHead: nil),
                                                  knowledge: knowledge, materials: try WasteMaterials.bundled()), texts: knowledge.texts, language: .german),
            WasteMunicipalityJSON(selected: knowledge.defaultMunicipality, knowledge: knowledge, language: .english),
            WasteTallyJSON(enabled: true, counts: [WasteTallyEntry(label: "battery", count: 2)], knowledge: knowledge, language: .german),
            WasteTallyJSON(enabled: false, counts: [], knowledge: knowledge, language: .english),
        ]
    }

    /// The photo library's answers from a real SQLite index: one photo analysed (labels with and
    /// without a category, a feature print, faces), one failed, one waiting.
    private static func libraryExamples() async throws -> [any JSONAnswer] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-presentation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        let index = store.photoIndex
        let paths = ["/photos/cabbage.jpg", "/photos/broken.jpg", "/photos/later.jpg"]
        try index.add(paths.map { IndexedFile(path: $0, size: 2048, modifiedAt: created, contentHash: Data(repeating: 7, count: 32)) }, now: created)
        let jobs = try await index.claim(count: 2, worker: "host-1", lease: 60, now: created)
        try index.record(PhotoFindings(labels: [.init(label: "head cabbage", category: "food", confidence: 0.81),
                                                .init(label: "mystery", category: nil, confidence: 0.05)],
                                       faceCount: 1, featurePrint: (model: "lite0", vector: [0.6, 0.8])),
                         for: jobs[0], worker: "host-1", now: created)
        try index.fail(jobs[1], worker: "host-1", message: "The file is not a photo.", now: created)
        let categories = try ObjectCategories.bundled()
        let status = PhotoIndexStatusJSON(try index.status(now: created, rateWindow: 60, failures: 5))
        let search = PhotoIndexSearchJSON(query: "cabbage", matches: try await index.search("cabbage", limit: 10))
        let photos = try [jobs[0].id, jobs[1].id].map { id in try XCTUnwrap(try index.photo(id: id)) }
        let library = PhotoLibrary(index: index)
        let similar = try await library.similar(to: FeaturePrint(activations: [0.8, 0.6]), model: "lite0", top: 3)
        try store.close()
        XCTAssertEqual(search.matches.count, 1)
        return [status, search, PhotoIndexSimilarJSON(query: "mine.jpg", model: "lite0", results: similar)]
            + photos.map { LibraryPhotoJSON($0, categories: categories, language: .german) }
    }

    private static func serverExamples() -> [any JSONAnswer] {
        [
            HealthJSON(version: "0.9.0", running: 1, waiting: 0),
            ReadinessJSON(storeError: nil, models: nil),
            ReadinessJSON(storeError: nil, models: [.init(name: "recognizer", state: "loaded"), .init(name: "waste-guard", state: "loading")]),
            ReadinessJSON(storeError: "The database sightline.sqlite cannot be read.",
                          models: [.init(name: "cat-scanner", state: "failed", message: "The model cat-breeds is not installed.")]),
            DeletedJSON(3),
            APIErrorJSON(code: "busy", message: "Sightline is busy with other photos; try again in 1 s."),
            LiveFrameErrorJSON(frame: 2, code: "unreadable_image", message: "The frame is not a JPEG."),
        ]
    }

    // MARK: - Manifests

    private static func classifierManifest(training: ModelManifest.Training?) -> ModelManifest {
        ModelManifest(name: "lite0", title: "EfficientNet-Lite0", task: .classification, file: "model.onnx", sha256: "ab",
                      input: .init(name: "input", layout: .nchw, width: 224, height: 224, color: "RGB",
                                   resize: .shorterSideThenCenterCrop(shorterSide: 256),
                                   normalization: .init(mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5])),
                      outputs: ["logits": "logits"], labels: ["a", "b"], licence: "Apache-2.0",
                      source: .init(package: "efficientnet-lite", version: "1.0", file: "lite0.tar.gz", sha256: "cd"),
                      converter: nil, training: training)
    }

    private static func detectorManifest(labels: [String]) -> ModelManifest {
        ModelManifest(name: "waste-detector", title: "Waste objects", task: .objectDetection, file: "model.onnx", sha256: "ef",
                      input: .init(name: "images", layout: .nchw, width: 320, height: 320, color: "RGB", resize: .none,
                                   normalization: .init(mean: [0, 0, 0], std: [1, 1, 1])),
                      outputs: ["output0": "boxes"], labels: labels, licence: "MIT",
                      source: .init(package: "sightline", version: "1", file: "head.onnx", sha256: "01"), converter: nil)
    }

    private static func installed(_ manifest: ModelManifest) -> InstalledModel {
        let folder = URL(fileURLWithPath: "/models/\(manifest.name)")
        return InstalledModel(manifest: manifest, modelURL: folder.appendingPathComponent("model.onnx"),
                              manifestURL: folder.appendingPathComponent("manifest.json"))
    }
}
