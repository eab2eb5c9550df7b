// IngredientDetectorTests: the installed `kitchen-detector` as the Kitchen uses it — chosen over
// the classifier, labels that are canonical ingredient names, and the sample photos' ingredients
// found under the Kitchen's rule. Skipped when the detector is not installed (`make test`
// installs it).
import Foundation
import SightlineApps
import SightlineTestSupport
import SightlineVision
import XCTest

final class IngredientDetectorTests: XCTestCase {
    private let store = ModelStore()

    private func installedDetector() throws -> IngredientDetector {
        guard try IngredientDetector.model.installedModel(in: store) != nil else {
            try TestRequirement.unavailable("kitchen-detector is not installed in \(store.modelsDirectory.path): run `make models`")
        }
        return try IngredientDetector.installed(vocabulary: IngredientVocabulary.bundled(), in: store)
    }

    private func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestRepository.sample(name))
    }

    func testTheKitchenUsesTheInstalledDetectorWhoseLabelsAreIngredients() throws {
        let detector = try installedDetector()
        XCTAssertEqual(try IngredientFinder.model(in: store), IngredientDetector.model)
        guard case .detector = try IngredientFinder.installed(vocabulary: IngredientVocabulary.bundled(), in: store) else {
            return XCTFail("the Kitchen does not use the installed detector")
        }
        XCTAssertEqual(detector.detector.options.confidenceThreshold, IngredientIdentification.offerThreshold)
        let vocabulary = try IngredientVocabulary.bundled()
        for label in detector.detector.labels.names {
            XCTAssertTrue(vocabulary.contains(label), "\(label) is not a canonical ingredient name")
        }
    }

    func testTheSamplePhotosIngredientsAreFoundUnderTheKitchensRule() throws {
        let detector = try installedDetector()
        for name in ["cabbage.jpg", "green-bell-pepper.jpg", "zucchini.jpg"] {
            let result = try detector.identify(photo: sample(name))
            XCTAssertEqual(result.method, .detector)
            XCTAssertEqual(result.found.map(\.confidence), result.found.map(\.confidence).sorted(by: >), name)
            for found in result.found {
                XCTAssertGreaterThanOrEqual(found.confidence, IngredientIdentification.offerThreshold, name)
                XCTAssertEqual(found.confidence, found.boxes.first?.confidence, name)
                for box in found.boxes {
                    XCTAssertTrue(box.rect.x >= 0 && box.rect.y >= 0 && box.rect.x + box.rect.width <= 1 + 1e-9
                        && box.rect.y + box.rect.height <= 1 + 1e-9, "\(name): \(box.rect)")
                }
            }
            XCTAssertEqual(result.ingredient, result.accepted.first?.name, name)
        }
        let pepper = try detector.identify(photo: sample("green-bell-pepper.jpg"))
        XCTAssertEqual(pepper.found.first?.name, "bell pepper", "the most confident finding in the pepper photo")
    }
}
