// ImageNetClassTableTests: reading the repository's class table and rejecting malformed ones.
import SightlineTestSupport
@testable import SightlineVision
import XCTest

final class ImageNetClassTableTests: XCTestCase {
    func testRepositoryTableHasTheThousandClassesInOrder() throws {
        let table = try ImageNetClassTable(contentsOf: TestRepository.url("Data/imagenet-classes.tsv"))
        XCTAssertEqual(table.entries.count, 1000)
        XCTAssertEqual(table.entries.map(\.index), Array(0 ..< 1000))
        XCTAssertEqual(table.index(ofWNID: "n02123045"), 281)
        XCTAssertEqual(table.entries[281].name, "tabby cat")
        XCTAssertEqual(table.index(ofWNID: "n01440764"), 0)
        XCTAssertNil(table.index(ofWNID: "n00000000"))
    }

    func testTableAgreesWithTheInstalledModelsLabels() throws {
        try TestRequirement.installedModels("lite0")
        let table = try ImageNetClassTable(contentsOf: TestRepository.url("Data/imagenet-classes.tsv"))
        XCTAssertEqual(try InstalledTestModel.lite0().manifest.labels, table.entries.map(\.name))
    }

    func testRowsOutOfOrderAreRejectedWithTheLine() throws {
        let scratch = try ScratchFolder(testCase: self)
        let file = try scratch.write(Data("index\twnid\tname\n0\tn01\tfirst\n2\tn02\tskipped one\n".utf8), to: "classes.tsv")
        XCTAssertThrowsError(try ImageNetClassTable(contentsOf: file)) { error in
            XCTAssertTrue("\(error)".contains("line 3"), "\(error)")
        }
    }

    func testMissingHeaderIsRejected() throws {
        let scratch = try ScratchFolder(testCase: self)
        let file = try scratch.write(Data("0\tn01\tfirst\n".utf8), to: "classes.tsv")
        XCTAssertThrowsError(try ImageNetClassTable(contentsOf: file)) { error in
            XCTAssertTrue("\(error)".contains("header"), "\(error)")
        }
    }
}
