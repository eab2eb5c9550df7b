// IngredientDetectionRuleTests: the Kitchen's rule for a detector's objects, on constructed
// DetectedObjects — every ingredient at ≥ 0.8 accepted, those from 0.3 offered, one entry per
// name with its boxes (one per object), labels normalised, an unsure box on an object another
// ingredient is sure of left out — the original's fields kept, and the ingredient list adding every
// accepted one.
import Foundation
import SightlineApps
import SightlineVision
import XCTest

final class IngredientDetectionRuleTests: XCTestCase {
    private var vocabulary: IngredientVocabulary!

    override func setUpWithError() throws {
        vocabulary = try IngredientVocabulary.bundled()
    }

    /// An object in a 200×100 photo; the box is given in pixels.
    private func object(_ label: String, _ confidence: Double, x: Double, y: Double, width: Double = 20,
                        height: Double = 20) -> DetectedObject {
        DetectedObject(label: label, classIndex: 0, confidence: confidence,
                       boundingBox: PixelRect(x: x, y: y, width: width, height: height), imageWidth: 200, imageHeight: 100)
    }

    private func identify(_ objects: [DetectedObject]) -> IngredientIdentification {
        IngredientIdentification(detections: objects, vocabulary: vocabulary)
    }

    func testEveryIngredientFromEightyPercentIsAcceptedAndTheOthersFromThirtyOffered() {
        let result = identify([
            object("onion", 0.8, x: 0, y: 0),
            object("tomato", 0.93, x: 40, y: 0),
            object("garlic", 0.79, x: 80, y: 0),
            object("lemon", 0.3, x: 120, y: 0),
            object("potato", 0.29, x: 160, y: 0),
        ])
        XCTAssertEqual(result.method, .detector)
        XCTAssertEqual(result.found.map(\.name), ["tomato", "onion", "garlic", "lemon"])
        XCTAssertEqual(result.accepted.map(\.name), ["tomato", "onion"])
        XCTAssertEqual(result.offered.map(\.name), ["garlic", "lemon"])
        XCTAssertEqual(result.found.map(\.isAccepted), [true, true, false, false])
        // The original's answer: the most confident accepted ingredient and the best three.
        XCTAssertEqual(result.ingredient, "tomato")
        XCTAssertEqual(result.confidence, 0.93, accuracy: 1e-9)
        XCTAssertEqual(result.candidates, [IngredientCandidate(name: "tomato", confidence: 0.93),
                                           IngredientCandidate(name: "onion", confidence: 0.8),
                                           IngredientCandidate(name: "garlic", confidence: 0.79)])
    }

    func testBoxesOfOneIngredientMakeOneEntryAsSureAsItsBestBox() throws {
        let result = identify([
            object("tomato", 0.55, x: 0, y: 0),
            object("Tomatoes", 0.9, x: 100, y: 50, width: 40, height: 50),
            object("tomato", 0.4, x: 50, y: 0),
            object("garlic", 0.5, x: 0, y: 60),
            object("garlic clove", 0.6, x: 150, y: 60),
        ])
        XCTAssertEqual(result.found.map(\.name), ["tomato", "garlic"])
        let tomato = try XCTUnwrap(result.found.first)
        XCTAssertEqual(tomato.confidence, 0.9)
        XCTAssertTrue(tomato.isAccepted)
        XCTAssertEqual(tomato.boxes.map(\.confidence), [0.9, 0.55, 0.4])
        // Normalised, origin top-left.
        XCTAssertEqual(tomato.boxes[0].rect, NormalizedRect(x: 0.5, y: 0.5, width: 0.2, height: 0.5))
        let garlic = result.found[1]
        XCTAssertEqual(garlic.confidence, 0.6)
        XCTAssertFalse(garlic.isAccepted)
        XCTAssertEqual(garlic.boxes.map(\.rect.x), [0.75, 0])
    }

    func testBoxesOfOneIngredientOnOneObjectAreMergedIntoTheMostConfident() throws {
        let result = identify([
            object("egg", 0.7, x: 0, y: 0, width: 40, height: 40),
            // Inside the first box, or sharing 60 % of it: the same egg.
            object("egg", 0.5, x: 5, y: 5, width: 20, height: 20),
            object("egg", 0.65, x: 16, y: 0, width: 40, height: 40),
            // Sharing a quarter of it: another egg.
            object("egg", 0.6, x: 30, y: 0, width: 40, height: 40),
        ])
        let egg = try XCTUnwrap(result.found.first)
        XCTAssertEqual(egg.boxes.map(\.confidence), [0.7, 0.6])
        XCTAssertEqual(egg.confidence, 0.7)
    }

    func testAnUnsureBoxOnAnObjectAnotherIngredientIsSureOfIsLeftOut() {
        let result = identify([
            object("tomato", 0.9, x: 0, y: 0, width: 40, height: 40),
            // The same tomato seen as a peach (IoU 0.82) and as an apple (IoU 0.33: another object).
            object("peach", 0.6, x: 2, y: 2, width: 40, height: 36),
            object("apple", 0.5, x: 20, y: 0, width: 40, height: 40),
            // An onion guess on the tomato goes; another onion guess elsewhere stays.
            object("onion", 0.45, x: 1, y: 1, width: 38, height: 38),
            object("onion", 0.35, x: 160, y: 0),
            // The tomato's own unsure boxes: one on a sure lemon goes, one on an unsure garlic stays.
            object("lemon", 0.85, x: 100, y: 50, width: 40, height: 40),
            object("tomato", 0.4, x: 102, y: 52, width: 40, height: 38),
            object("tomato", 0.45, x: 60, y: 50, width: 30, height: 30),
            object("garlic", 0.5, x: 60, y: 50, width: 30, height: 30),
        ])
        XCTAssertEqual(result.found.map(\.name), ["tomato", "lemon", "apple", "garlic", "onion"])
        XCTAssertEqual(result.found.map(\.boxes.count), [2, 1, 1, 1, 1])
        XCTAssertEqual(result.found[0].boxes.map(\.confidence), [0.9, 0.45])
        XCTAssertEqual(result.found.last?.confidence, 0.35)
        XCTAssertEqual(result.accepted.map(\.name), ["tomato", "lemon"])
        // Two unsure guesses on one object are both offered: the user picks.
        let unsure = identify([object("peach", 0.6, x: 0, y: 0), object("apricot", 0.5, x: 0, y: 0)])
        XCTAssertEqual(unsure.offered.map(\.name), ["peach", "apricot"])
    }

    func testNothingFoundIsNoIngredientAndNoCandidates() {
        let result = identify([object("tomato", 0.2, x: 0, y: 0)])
        XCTAssertEqual(result.method, .detector)
        XCTAssertNil(result.ingredient)
        XCTAssertEqual(result.confidence, 0)
        XCTAssertEqual(result.candidates, [])
        XCTAssertEqual(result.found, [])
    }

    func testOnlyOfferedIngredientsIdentifyNothingButAreTheCandidates() {
        let result = identify([object("lemon", 0.7, x: 0, y: 0), object("mango", 0.45, x: 100, y: 0)])
        XCTAssertNil(result.ingredient)
        XCTAssertEqual(result.confidence, 0.7, accuracy: 1e-9)
        XCTAssertEqual(result.candidates.map(\.name), ["lemon", "mango"])
        XCTAssertEqual(result.accepted, [])
    }

    func testTheListGetsEveryAcceptedIngredientTheMostConfidentOnTop() async throws {
        let list = KitchenIngredientList(store: try TestEnvironment.store(for: self), vocabulary: vocabulary)
        try await list.add("onion")
        let result = identify([
            object("onion", 0.85, x: 0, y: 0),
            object("tomato", 0.95, x: 40, y: 0),
            object("egg", 0.81, x: 80, y: 0),
            object("garlic", 0.6, x: 120, y: 0),
        ])
        let value1 = try await list.add(result)
        XCTAssertEqual(value1, [.added("tomato"), .alreadyOnList("onion"), .added("egg")])
        let value2 = try await list.names()
        XCTAssertEqual(value2, ["tomato", "egg", "onion"])
        let value3 = try await list.add(identify([object("garlic", 0.6, x: 0, y: 0)]))
        XCTAssertEqual(value3, [])
    }
}
