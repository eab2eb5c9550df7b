// ObjectCategoriesTests: the Object Recognizer's category data — every one of the 1000 ImageNet
// classes in exactly one of the 24 categories, names in three languages, spot checks of the
// conventions the README states, and refusal of broken tables.
import SightlineApps
import XCTest

final class ObjectCategoriesTests: XCTestCase {
    func testEveryClassHasACategory() throws {
        let categories = try ObjectCategories.bundled()
        XCTAssertEqual(categories.classLabels.count, 1000)
        XCTAssertEqual(categories.categories.count, 24)
        var used: [String: Int] = [:]
        for index in 0 ..< 1000 {
            let category = try XCTUnwrap(categories.category(ofClass: index), "class \(index)")
            used[category.id, default: 0] += 1
        }
        XCTAssertEqual(Set(used.keys), Set(categories.categories.map(\.id)), "every category is used")
        XCTAssertEqual(used["dogs"], 118)
        XCTAssertEqual(used["cats"], 5)
        XCTAssertNil(categories.category(ofClass: 1000))
        XCTAssertNil(categories.category(ofClass: -1))
        for category in categories.categories {
            for language in Language.allCases {
                XCTAssertFalse(category.name.text(in: language).isEmpty, "\(category.id) \(language)")
            }
        }
    }

    func testConventionsOfTheDataFile() throws {
        let categories = try ObjectCategories.bundled()
        func category(_ label: String) throws -> String? {
            let index = try XCTUnwrap(categories.classLabels.firstIndex(of: label), label)
            return categories.category(ofClass: index)?.id
        }
        XCTAssertEqual(try category("tabby cat"), "cats")
        XCTAssertEqual(try category("tiger"), "mammals")
        XCTAssertEqual(try category("golden retriever"), "dogs")
        XCTAssertEqual(try category("timber wolf"), "mammals")
        XCTAssertEqual(try category("Granny Smith apple"), "fruit-and-vegetables")
        XCTAssertEqual(try category("plastic bag"), "containers")
        XCTAssertEqual(try category("cup"), "kitchen-and-tableware")
        XCTAssertEqual(try category("sports car"), "vehicles")
        XCTAssertEqual(try category("scuba diver"), "people")
        XCTAssertEqual(categories.category(id: "fruit-and-vegetables")?.name.text(in: .german), "Obst und Gemüse")
        XCTAssertEqual(categories.displayPosition(ofCategory: "dogs"), 0)
    }

    func testBrokenTablesAreRefused() throws {
        let categoryRows = [["id": "food", "en": "Food", "de": "Essen", "uk": "Їжа"],
                            ["id": "other", "en": "Other", "de": "Sonstiges", "uk": "Інше"]]
        XCTAssertNoThrow(try ObjectCategories(categoryRows: categoryRows, classRows: [
            ["index": "0", "label": "pizza", "category": "food"], ["index": "1", "label": "knot", "category": "other"],
        ]))
        XCTAssertThrowsError(try ObjectCategories(categoryRows: categoryRows, classRows: [
            ["index": "0", "label": "pizza", "category": "food"], ["index": "1", "label": "knot", "category": "misc"],
        ])) { error in XCTAssertTrue("\(error)".contains("'misc'"), "\(error)") }
        XCTAssertThrowsError(try ObjectCategories(categoryRows: categoryRows, classRows: [
            ["index": "0", "label": "pizza", "category": "food"], ["index": "2", "label": "knot", "category": "other"],
        ])) { error in XCTAssertTrue("\(error)".contains("class 1"), "\(error)") }
        XCTAssertThrowsError(try ObjectCategories(categoryRows: categoryRows, classRows: [
            ["index": "0", "label": "pizza", "category": "food"],
        ])) { error in XCTAssertTrue("\(error)".contains("'other'"), "\(error)") }
        XCTAssertThrowsError(try ObjectCategories(categoryRows: categoryRows + [categoryRows[0]], classRows: []))
    }
}
