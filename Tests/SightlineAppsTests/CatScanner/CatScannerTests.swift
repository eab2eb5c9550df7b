// CatScannerTests: the original app's pipeline on injected classifier outputs — the message
// follows the detector, the breed classifier runs either way, results are sorted, cut to three
// and to those of 5 % or more, and shown as "<Breed>: <value>%"; the verdict leads, and says
// when the breed classifier is not sure.
import Foundation
import SightlineApps
import SightlineStore
import SightlineVision
import XCTest

final class CatScannerTests: XCTestCase {
    private let breeds = ScriptedPhotoClassifier([
        ("Abyssinian", 0.02), ("Bengal", 0.873), ("Birman", 0.01), ("Egyptian Mau", 0.061), ("Ocicat", 0.036),
    ])

    func testACatGetsTheFirstMessageAndTheTopThreeBreeds() throws {
        let scanner = try CatScanner(detector: ScriptedPhotoClassifier([("cat", 0.982), ("not cat", 0.018)]),
                                     breedClassifier: breeds)
        let result = try scanner.scan(photo: Data())
        XCTAssertTrue(result.isCat)
        XCTAssertEqual(result.catConfidence, 0.982, accuracy: 1e-6)
        XCTAssertEqual(result.message, .isCat)
        // Ocicat (3.6 %) is among the top three but under 5 %: it says nothing about the photo.
        XCTAssertEqual(result.lines(), ["This cat shares the features of:", "Bengal: 87.3%", "Egyptian Mau: 6.1%"])
        XCTAssertTrue(result.breedsSure, "87.3 % reaches the uncalibrated 0.5")
        XCTAssertEqual(result.headline(), "A cat")
    }

    func testAnUnsureBreedIsSaidToBeOne() throws {
        var unsure = ScriptedPhotoClassifier([("Bengal", 0.45), ("Ocicat", 0.35), ("Egyptian Mau", 0.2)])
        unsure.confidenceRule = ConfidenceRule(threshold: 0.6, calibrated: true)
        let scanner = try CatScanner(detector: ScriptedPhotoClassifier([("cat", 0.9), ("not cat", 0.1)]), breedClassifier: unsure)
        let result = try scanner.scan(photo: Data())
        XCTAssertFalse(result.breedsSure)
        XCTAssertEqual(result.headline(), "A cat — not sure which breed")
        XCTAssertEqual(result.headline(in: .german), "Eine Katze – die Rasse ist unsicher")
        XCTAssertEqual(result.breeds.map(\.name), ["Bengal", "Ocicat", "Egyptian Mau"])
    }

    func testANonCatStillGetsBreedsUnderTheSecondMessage() throws {
        let scanner = try CatScanner(detector: ScriptedPhotoClassifier([("not cat", 0.9), ("cat", 0.1)]),
                                     breedClassifier: breeds)
        let result = try scanner.scan(photo: Data())
        XCTAssertFalse(result.isCat)
        XCTAssertEqual(result.catConfidence, 0.1, accuracy: 1e-6)
        XCTAssertEqual(result.message.text(), "I don't think this is a cat but if it was it would be:")
        XCTAssertEqual(result.breeds.map(\.name), ["Bengal", "Egyptian Mau"])
        XCTAssertEqual(result.headline(), "Not a cat", "a non-cat leads with the verdict")
        XCTAssertEqual(result.lines(in: .german).first, "Ich glaube nicht, dass das eine Katze ist, aber wenn, dann wäre sie:")
    }

    func testTheThresholdIsOneHalfAndTiesSortByName() {
        let observations = [
            ClassificationObservation(index: 0, label: "Korat", confidence: 0.25),
            ClassificationObservation(index: 1, label: "Bombay", confidence: 0.25),
            ClassificationObservation(index: 2, label: "Sphynx", confidence: 0.4),
            ClassificationObservation(index: 3, label: "Lykoi", confidence: 0.1),
        ]
        let atHalf = CatScanResult(catConfidence: 0.5, breedObservations: observations)
        XCTAssertTrue(atHalf.isCat)
        XCTAssertEqual(atHalf.breeds.map(\.name), ["Sphynx", "Bombay", "Korat"])
        XCTAssertFalse(CatScanResult(catConfidence: 0.4999, breedObservations: observations).isCat)
        let twoBreeds = CatScanResult(catConfidence: 0.9, breedObservations: Array(observations.prefix(2)))
        XCTAssertEqual(twoBreeds.breeds.count, 2)
    }

    func testPercentagesHaveOneDecimal() {
        XCTAssertEqual(CatBreedMatch(name: "Korat", confidence: 1).displayText, "Korat: 100.0%")
        XCTAssertEqual(CatBreedMatch(name: "Korat", confidence: 0.00049).displayText, "Korat: 0.0%")
        XCTAssertEqual(CatBreedMatch(name: "Maine Coon", confidence: 0.12345).displayText, "Maine Coon: 12.3%")
    }

    func testResultEncodesTheMachineReadableShape() throws {
        let result = CatScanResult(catConfidence: 0.75, breedObservations: [
            ClassificationObservation(index: 0, label: "Bengal", confidence: 0.5),
        ])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["is_cat", "cat_confidence", "message", "breeds"])
        XCTAssertEqual(object["is_cat"] as? Bool, true)
        XCTAssertEqual(object["message"] as? String, "This cat shares the features of:")
        let breeds = try XCTUnwrap(object["breeds"] as? [[String: Any]])
        XCTAssertEqual(breeds.first?["name"] as? String, "Bengal")
        XCTAssertEqual(breeds.first?["confidence"] as? Double, 0.5)
    }

    func testADetectorWithoutACatLabelIsRefused() {
        XCTAssertThrowsError(try CatScanner(detector: ScriptedPhotoClassifier([("dog", 0.5), ("cow", 0.5)]),
                                            breedClassifier: breeds)) { error in
            guard case .missingLabel(let model, let label, _, _) = error as? AppModelError else { return XCTFail("\(error)") }
            XCTAssertEqual(model, "cat-detector")
            XCTAssertEqual(label, "cat")
        }
    }

    func testMissingModelsAreReportedAsNotInstalled() throws {
        let emptyStore = ModelStore(dataDirectory: try TestEnvironment.temporaryDirectory(for: self))
        XCTAssertThrowsError(try CatScanner.installed(in: emptyStore)) { error in
            guard case .notInstalled(let model, _, _, let command) = error as? AppModelError else { return XCTFail("\(error)") }
            XCTAssertEqual(model, "cat-detector")
            XCTAssertEqual(command, "make models")
            XCTAssertTrue("\(error)".contains("`make models`"), "\(error)")
        }
        XCTAssertNil(try CatScanner.breedModel.installedLabels(in: emptyStore))
    }
}
