// KitchenIngredientListTests: the ingredient list's semantics on a real SQLite file —
// normalised, empty and duplicate entries ignored, ambiguous and unknown words refused, newest
// on top, delete one, clear all — and adding from a photo only when the identification is
// confident.
import Foundation
import SightlineApps
import SightlineStore
import XCTest

final class KitchenIngredientListTests: XCTestCase {
    private func makeList() throws -> KitchenIngredientList {
        KitchenIngredientList(store: try TestEnvironment.store(for: self), vocabulary: try IngredientVocabulary.bundled())
    }

    func testListSemantics() async throws {
        let list = try makeList()
        var time = 0.0
        func add(_ text: String) async throws -> IngredientListChange {
            time += 1
            return try await list.add(text, at: Date(timeIntervalSinceReferenceDate: time))
        }
        let value1 = try await add("  Eggs ")
        XCTAssertEqual(value1, .added("egg"))
        let value2 = try await add("Tomatoes")
        XCTAssertEqual(value2, .added("tomato"))
        let value3 = try await add("")
        XCTAssertEqual(value3, .ignoredEmpty)
        let value4 = try await add("   ")
        XCTAssertEqual(value4, .ignoredEmpty)
        let value5 = try await add("EGG")
        XCTAssertEqual(value5, .alreadyOnList("egg"))
        let value6 = try await add("capsicum")
        XCTAssertEqual(value6, .added("bell pepper"))
        let value7 = try await add("pepper")
        XCTAssertEqual(value7, .ambiguous(meanings: ["bell pepper", "black pepper"]))
        let unknown = try await add("xyzzy")
        XCTAssertEqual(unknown, .unknown(suggestions: []))
        let typo = try await add("tomatos")
        XCTAssertEqual(typo, .alreadyOnList("tomato"), "an English plural is still folded")
        let misspelt = try await add("potatp")
        XCTAssertEqual(misspelt.options.first, "potato")
        XCTAssertNil(misspelt.name)
        let value8 = try await add("Spring Onions")
        XCTAssertEqual(value8, .added("spring onion"))
        // Newest on top; a duplicate keeps its place.
        let value9 = try await list.names()
        XCTAssertEqual(value9, ["spring onion", "bell pepper", "tomato", "egg"])

        let value10 = try await list.remove("eier")
        XCTAssertEqual(value10, "egg")
        let value11 = try await list.remove("egg")
        XCTAssertNil(value11)
        let value12 = try await list.remove("")
        XCTAssertNil(value12)
        let value13 = try await list.names()
        XCTAssertEqual(value13, ["spring onion", "bell pepper", "tomato"])
        let value14 = try await list.clear()
        XCTAssertEqual(value14, 3)
        let value15 = try await list.names()
        XCTAssertEqual(value15, [])
    }

    func testAListKeptByAnotherStoreInstanceReadsBack() async throws {
        let directory = try TestEnvironment.temporaryDirectory(for: self)
        let vocabulary = try IngredientVocabulary.bundled()
        try await KitchenIngredientList(store: SQLiteStore(directory: directory), vocabulary: vocabulary).add("Kartoffeln")
        let value1 = try await KitchenIngredientList(store: SQLiteStore(directory: directory), vocabulary: vocabulary).names()
        XCTAssertEqual(value1, ["potato"])
    }

    func testPhotosAddOnlyConfidentIngredients() async throws {
        let list = try makeList()
        let vocabulary = try IngredientVocabulary.bundled()
        let sure = IngredientIdentifier(classifier: ScriptedPhotoClassifier([("tomato", 0.85), ("bell pepper", 0.15)]),
                                        vocabulary: vocabulary)
        let unsure = IngredientIdentifier(classifier: ScriptedPhotoClassifier([("onion", 0.5), ("garlic", 0.3), ("potato", 0.2)]),
                                          vocabulary: vocabulary)
        let value1 = try await list.add(sure.identify(photo: Data()))
        XCTAssertEqual(value1, [.added("tomato")])
        let value2 = try await list.add(unsure.identify(photo: Data()))
        XCTAssertEqual(value2, [])
        let value3 = try await list.names()
        XCTAssertEqual(value3, ["tomato"])
    }
}
