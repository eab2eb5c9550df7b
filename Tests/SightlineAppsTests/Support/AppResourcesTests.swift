// AppResourcesTests: the bundled knowledge files are where the apps look for them and parse.
import SightlineApps
import XCTest

final class AppResourcesTests: XCTestCase {
    func testEveryAppFolderIsBundled() throws {
        for folder in ["recognizer", "waste", "cats", "kitchen"] {
            var isDirectory: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: AppResources.url(folder).path, isDirectory: &isDirectory), folder)
            XCTAssertTrue(isDirectory.boolValue, folder)
        }
    }

    func testTablesParseIntoRowsByHeader() throws {
        let rows = try AppResources.tableRows("waste/classes.tsv")
        XCTAssertEqual(rows.count, 27)
        XCTAssertEqual(rows.first?["label"], "feather")
        XCTAssertThrowsError(try AppResources.text("no/such/file.txt")) { error in
            XCTAssertTrue("\(error)".contains("no/such/file.txt"))
        }
    }

    func testLocalizedTextFallsBackToEnglish() {
        let text = LocalizedText(en: "glass", de: "Glas", uk: "")
        XCTAssertEqual(text.text(in: .german), "Glas")
        XCTAssertEqual(text.text(in: .ukrainian), "glass")
    }
}
