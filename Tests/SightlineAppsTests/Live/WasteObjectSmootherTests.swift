// WasteObjectSmootherTests: WasteGuard's live boxes — shown once seen in two frames, moved
// smoothly, kept through a missed frame, dropped after more, and never merged across classes.
import SightlineApps
import SightlineImaging
import SightlineVision
import XCTest

final class WasteObjectSmootherTests: XCTestCase {
    private let size = ImageSize(width: 640, height: 480)

    private func findings(_ objects: [(String, Double, PixelRect)], knowledge: WasteKnowledge) throws -> WasteFindings {
        WasteFindings(imageSize: size, objects: try objects.map { label, confidence, box in
            WasteObject(wasteClass: try XCTUnwrap(knowledge.wasteClass(label: label)), confidence: confidence, boundingBox: box,
                        imageSize: size, evidence: .detector(model: "test"))
        }, verdict: nil)
    }

    func testBoxesAppearAfterTwoFramesMoveSmoothlyAndSurviveOneMiss() throws {
        let knowledge = try WasteKnowledge.bundled()
        var smoother = WasteObjectSmoother(retention: 0.5, matchOverlap: 0.3, framesToShow: 2, framesToKeep: 2)
        let first = smoother.add(try findings([("can", 0.8, PixelRect(x: 100, y: 100, width: 100, height: 100))], knowledge: knowledge))
        XCTAssertTrue(first.objects.isEmpty, "one frame is not enough to show a box")

        let second = smoother.add(try findings([("can", 0.6, PixelRect(x: 120, y: 100, width: 100, height: 100))], knowledge: knowledge))
        let can = try XCTUnwrap(second.objects.first)
        XCTAssertEqual(second.objects.count, 1)
        XCTAssertEqual(can.boundingBox.x, 110, accuracy: 1e-9, "the box moves halfway")
        XCTAssertEqual(can.confidence, 0.7, accuracy: 1e-9)

        let missed = smoother.add(try findings([], knowledge: knowledge))
        XCTAssertEqual(missed.objects.map(\.wasteClass.label), ["can"], "a missed frame keeps the box")
        _ = smoother.add(try findings([], knowledge: knowledge))
        let gone = smoother.add(try findings([], knowledge: knowledge))
        XCTAssertTrue(gone.objects.isEmpty, "after more missed frames than framesToKeep the box goes")
    }

    func testObjectsOfAnotherClassOrPlaceStartNewTracks() throws {
        let knowledge = try WasteKnowledge.bundled()
        var smoother = WasteObjectSmoother()
        let box = PixelRect(x: 100, y: 100, width: 100, height: 100)
        _ = smoother.add(try findings([("can", 0.8, box)], knowledge: knowledge))
        let next = smoother.add(try findings([("battery", 0.8, box), ("can", 0.8, PixelRect(x: 400, y: 300, width: 100, height: 100))],
                                             knowledge: knowledge))
        XCTAssertTrue(next.objects.isEmpty, "neither continues the can's track, so neither is shown yet")
    }
}
