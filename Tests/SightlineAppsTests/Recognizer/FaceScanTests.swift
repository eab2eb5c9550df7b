// FaceScanTests: the face scan's sentence in each language, including a clear "No faces found."
// and Ukrainian's three plural forms.
import SightlineApps
import XCTest

final class FaceScanTests: XCTestCase {
    func testSummaries() {
        XCTAssertEqual(FaceScan(faces: []).summary(in: .english), "No faces found.")
        XCTAssertEqual(FaceScan.summary(count: 1, in: .english), "1 face found.")
        XCTAssertEqual(FaceScan.summary(count: 3, in: .english), "3 faces found.")
        XCTAssertEqual(FaceScan.summary(count: 0, in: .german), "Keine Gesichter gefunden.")
        XCTAssertEqual(FaceScan.summary(count: 1, in: .german), "1 Gesicht gefunden.")
        XCTAssertEqual(FaceScan.summary(count: 2, in: .german), "2 Gesichter gefunden.")
        XCTAssertEqual(FaceScan.summary(count: 0, in: .ukrainian), "Облич не знайдено.")
        XCTAssertEqual(FaceScan.summary(count: 1, in: .ukrainian), "Знайдено 1 обличчя.")
        XCTAssertEqual(FaceScan.summary(count: 3, in: .ukrainian), "Знайдено 3 обличчя.")
        XCTAssertEqual(FaceScan.summary(count: 5, in: .ukrainian), "Знайдено 5 облич.")
        XCTAssertEqual(FaceScan.summary(count: 12, in: .ukrainian), "Знайдено 12 облич.")
        XCTAssertEqual(FaceScan.summary(count: 21, in: .ukrainian), "Знайдено 21 обличчя.")
    }
}
