// IngredientIdentificationTests: the original app's photo rule — an ingredient only at
// confidence ≥ 0.8, otherwise the top three to pick from — with labels normalised and merged.
import Foundation
import SightlineApps
import SightlineVision
import XCTest

final class IngredientIdentificationTests: XCTestCase {
    private var vocabulary: IngredientVocabulary!

    override func setUpWithError() throws {
        vocabulary = try IngredientVocabulary.bundled()
    }

    private func identify(_ outputs: [(String, Float)]) throws -> IngredientIdentification {
        try IngredientIdentifier(classifier: ScriptedPhotoClassifier(outputs), vocabulary: vocabulary).identify(photo: Data())
    }

    func testEightyPercentIsAccepted() throws {
        let result = try identify([("potato", 0.05), ("egg", 0.8), ("bread", 0.1), ("onion", 0.05)])
        XCTAssertEqual(result.ingredient, "egg")
        XCTAssertEqual(result.confidence, 0.8, accuracy: 1e-6)
        XCTAssertEqual(result.candidates.map(\.name), ["egg", "bread", "onion"])
    }

    func testBelowEightyPercentOffersTheTopThree() throws {
        let result = try identify([("potato", 0.05), ("egg", 0.79), ("bread", 0.1), ("onion", 0.06)])
        XCTAssertNil(result.ingredient)
        XCTAssertEqual(result.confidence, 0.79, accuracy: 1e-6)
        XCTAssertEqual(result.candidates.map(\.name), ["egg", "bread", "onion"])
    }

    func testLabelsAreNormalisedAndMergedBeforeTheThreshold() {
        let observations = [
            ClassificationObservation(index: 0, label: "eggs", confidence: 0.5),
            ClassificationObservation(index: 1, label: "egg", confidence: 0.35),
            ClassificationObservation(index: 2, label: "Capsicum", confidence: 0.15),
        ]
        let result = IngredientIdentification(observations: observations, vocabulary: vocabulary)
        XCTAssertEqual(result.ingredient, "egg")
        XCTAssertEqual(result.confidence, 0.85, accuracy: 1e-6)
        XCTAssertEqual(result.candidates.map(\.name), ["egg", "bell pepper"])
    }

    func testNoObservationsIsNoIngredient() throws {
        let result = IngredientIdentification(observations: [], vocabulary: vocabulary)
        XCTAssertNil(result.ingredient)
        XCTAssertEqual(result.confidence, 0)
        XCTAssertEqual(result.candidates, [])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["ingredient", "confidence", "candidates"])
        XCTAssertTrue(object["ingredient"] is NSNull)
    }

    func testRecognisedIngredientsAreTheNormalisedLabels() {
        let identifier = IngredientIdentifier(classifier: ScriptedPhotoClassifier([("tomatoes", 0.5), ("bread", 0.5)]),
                                              vocabulary: vocabulary)
        XCTAssertEqual(identifier.recognisedIngredients, ["bread", "tomato"])
        XCTAssertEqual(IngredientIdentifier.model.name, "kitchen-ingredients")
    }
}
