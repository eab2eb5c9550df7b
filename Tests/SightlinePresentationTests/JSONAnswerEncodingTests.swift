// JSONAnswerEncodingTests: the one encoder's promises, on whole lines — keys in declared order,
// pixels to two decimals and times to three, absent optionals as null where the schema lists
// the key and left out where the answer documents them as optional, errors in the API's one shape.
import Foundation
import SightlineApps
import SightlinePresentation
import SightlineStore
import SightlineVision
import XCTest

final class JSONAnswerEncodingTests: XCTestCase {
    func testDetectionIsOneLineInDeclaredOrderWithRoundedNumbers() throws {
        let object = DetectedObject(label: "can", classIndex: 1, confidence: 0.123456789,
                                    boundingBox: PixelRect(x: 1.006, y: 2.5, width: 30.333333, height: 4),
                                    imageWidth: 64, imageHeight: 48)
        XCTAssertEqual(try DetectionJSON([object], file: "a \"b\".jpg", milliseconds: 12.34567).jsonText(),
                       #"{"file": "a \"b\".jpg", "objects": [{"label": "can", "confidence": 0.123457, "x": 1.01, "y": 2.5, "#
                           + #""width": 30.33, "height": 4.0}], "milliseconds": 12.346}"#)
    }

    func testAbsentOptionalsAreNullWhereTheShapeListsThem() throws {
        let item = ShoppingListItem(id: 5, name: "salt")
        XCTAssertEqual(try ShoppingListJSON([item]).jsonText(),
                       #"{"items": [{"id": 5, "name": "salt", "display_name": "salt", "amount": null, "recipe_id": null, "recipe_title": null, "checked": false}]}"#)
        let result = CatScanResult(isCat: false, catConfidence: 0.25, message: .notCat, breeds: [])
        let scan = try CatScanJSON(result, file: "dog.jpg", historyID: nil).jsonText()
        XCTAssertTrue(scan.hasPrefix(#"{"file": "dog.jpg", "is_cat": false, "cat_confidence": 0.25, "headline": "Not a cat", "message": ""#), scan)
        XCTAssertTrue(scan.hasSuffix(#", "breeds": [], "breeds_sure": true, "history_id": null}"#), scan)
    }

    func testRecognitionLeavesOutTheFaceMembersWithoutAFaceScan() throws {
        let categories = try ObjectCategories.bundled()
        let best = ClassificationObservation(index: 954, label: categories.classLabels[954], confidence: 0.5)
        let category = try XCTUnwrap(categories.category(ofClass: 954))
        let plain = try JSONLine.encoding(RecognitionJSON(ObjectRecognition(best: best, ranked: [best], category: category, faceScan: nil),
                                                          file: "banana.jpg", language: .english, savedID: nil))
        guard case .object(let members) = plain else { return XCTFail("not an object: \(plain.text)") }
        XCTAssertEqual(members.map(\.0), ["file", "label", "name", "index", "confidence", "confidence_text", "sure", "threshold",
                                          "answer", "category", "category_name", "caption", "top5"])
        let scanned = try JSONLine.encoding(RecognitionJSON(
            ObjectRecognition(best: best, ranked: [best], category: category, faceScan: FaceScan(faces: [])),
            file: "banana.jpg", language: .english, savedID: 9))
        guard case .object(let all) = scanned else { return XCTFail("not an object: \(scanned.text)") }
        XCTAssertEqual(Array(all.map(\.0).suffix(4)), ["faces", "face_boxes", "faces_text", "saved_id"])
    }

    func testErrorsHaveTheAPIShapeAndTheCLIShape() throws {
        XCTAssertEqual(try APIErrorJSON(code: "not_found", message: "There is no cat scan #3.").jsonText(),
                       #"{"error": {"code": "not_found", "message": "There is no cat scan #3."}}"#)
        XCTAssertEqual(try LiveFrameErrorJSON(frame: 4, code: "busy", message: "later").jsonText(),
                       #"{"frame": 4, "error": {"code": "busy", "message": "later"}}"#)
        XCTAssertEqual(try ErrorJSON(file: "x.jpg", message: "not an image").jsonText(), #"{"file": "x.jpg", "error": "not an image"}"#)
    }

    func testFavouriteChangesNameWhatHappened() throws {
        XCTAssertEqual(try FavouriteChangeJSON.added(.breed, "Bengal", changed: false).jsonText(),
                       #"{"name": "Bengal", "favourite": true, "added": false}"#)
        XCTAssertEqual(try FavouriteChangeJSON.removed(.recipe, "pico-de-gallo", changed: true).jsonText(),
                       #"{"id": "pico-de-gallo", "favourite": false, "removed": true}"#)
    }
}
