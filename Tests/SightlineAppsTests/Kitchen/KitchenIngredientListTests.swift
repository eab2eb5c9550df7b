// KitchenIngredientListTests: the ingredient list's semantics on a real SQLite file —
// normalised, empty and duplicate entries ignored, newest on top, delete one, clear all —
// and adding from a photo only when the identification is confident.
import Foundation
import SightlineApps
import SightlineStore
import XCTest

final class KitchenIngredientListTests: XCTestCase {
    private func makeList() throws -> KitchenIngredientList {
        KitchenIngredientList(store: try TestEnvironment.store(for: self), vocabulary: try IngredientVocabulary.bundled())
    }

    func testListSemantics() throws {
        let list = try makeList()
        var time = 0.0
        func add(_ text: String) throws -> IngredientListChange {
            time += 1
            return try list.add(text, at: Date(timeIntervalSinceReferenceDate: time))
        }
        XCTAssertEqual(try add("  Eggs "), .added("egg"))
        XCTAssertEqual(try add("Tomatoes"), .added("tomato"))
        XCTAssertEqual(try add(""), .ignoredEmpty)
        XCTAssertEqual(try add("   "), .ignoredEmpty)
        XCTAssertEqual(try add("EGG"), .alreadyOnList("egg"))
        XCTAssertEqual(try add("capsicum"), .added("bell pepper"))
        XCTAssertEqual(try add("pepper"), .alreadyOnList("bell pepper"))
        XCTAssertEqual(try add("Dragon Fruits"), .added("dragon fruit"))
        // Newest on top; a duplicate keeps its place.
        XCTAssertEqual(try list.names(), ["dragon fruit", "bell pepper", "tomato", "egg"])

        XCTAssertEqual(try list.remove("eier"), "egg")
        XCTAssertNil(try list.remove("egg"))
        XCTAssertNil(try list.remove(""))
        XCTAssertEqual(try list.names(), ["dragon fruit", "bell pepper", "tomato"])
        XCTAssertEqual(try list.clear(), 3)
        XCTAssertEqual(try list.names(), [])
    }

    func testAListKeptByAnotherStoreInstanceReadsBack() throws {
        let directory = try TestEnvironment.temporaryDirectory(for: self)
        let vocabulary = try IngredientVocabulary.bundled()
        try KitchenIngredientList(store: Store(directory: directory), vocabulary: vocabulary).add("Kartoffeln")
        XCTAssertEqual(try KitchenIngredientList(store: Store(directory: directory), vocabulary: vocabulary).names(), ["potato"])
    }

    func testPhotosAddOnlyConfidentIngredients() throws {
        let list = try makeList()
        let vocabulary = try IngredientVocabulary.bundled()
        let sure = IngredientIdentifier(classifier: ScriptedPhotoClassifier([("tomato", 0.85), ("bell pepper", 0.15)]),
                                        vocabulary: vocabulary)
        let unsure = IngredientIdentifier(classifier: ScriptedPhotoClassifier([("onion", 0.5), ("garlic", 0.3), ("potato", 0.2)]),
                                          vocabulary: vocabulary)
        XCTAssertEqual(try list.add(sure.identify(photo: Data())), [.added("tomato")])
        XCTAssertEqual(try list.add(unsure.identify(photo: Data())), [])
        XCTAssertEqual(try list.names(), ["tomato"])
    }
}
