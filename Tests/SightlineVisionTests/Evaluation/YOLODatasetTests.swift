// YOLODatasetTests: reading YOLO-format folders — label lines (boxes and polygons), background
// photos, malformed label files left out with a reason, data.yaml names in every form the shared
// datasets and Ultralytics use, and the errors for folders that are not laid out as expected.
import Foundation
@testable import SightlineVision
import XCTest

final class YOLODatasetTests: XCTestCase {
    func testLabelLinesGiveBoxesAndPolygonsGiveTheirBounds() throws {
        let objects = try YOLOLabelFile.parse("45 0.5 0.25 0.2 0.1\n\n  3 0.1 0.2 0.5 0.3 0.3 0.6  \r\n7.0 1 1 0 0\n")
        XCTAssertEqual(objects.map(\.classIndex), [45, 3, 7])
        let expected = [
            NormalizedRect(x: 0.4, y: 0.2, width: 0.2, height: 0.1),  // centre (0.5, 0.25)
            NormalizedRect(x: 0.1, y: 0.2, width: 0.4, height: 0.4),  // the triangle's bounds
            NormalizedRect(x: 1, y: 1, width: 0, height: 0),
        ]
        for (object, box) in zip(objects, expected) {
            XCTAssertEqual(object.box.x, box.x, accuracy: 1e-12)
            XCTAssertEqual(object.box.y, box.y, accuracy: 1e-12)
            XCTAssertEqual(object.box.width, box.width, accuracy: 1e-12)
            XCTAssertEqual(object.box.height, box.height, accuracy: 1e-12)
        }
        for broken in ["1 0.5 0.5 0.2", "a 0.5 0.5 0.2 0.2", "-1 0.5 0.5 0.2 0.2", "1.5 0.5 0.5 0.2 0.2",
                       "1 0.5 0.5 0.2 nan", "1 0.5 0.5 1.2 0.2", "1 0.1 0.2 0.3 0.4 0.5", "1 0.1 0.2 0.3 0.4 0.5 0.6 0.7"] {
            XCTAssertThrowsError(try YOLOLabelFile.parse("0 0.5 0.5 0.1 0.1\n" + broken), broken) { error in
                XCTAssert("\(error)".hasPrefix("line 2"), "\(error)")
            }
        }
    }

    func testReadsAFolderOfLabelFilesAndItsDataYAML() throws {
        let scratch = try ScratchFolder(testCase: self)
        let folder = scratch.url
        try "45 0.479492 0.688771 0.955609 0.5955\n50 0.637063 0.732938 0.494125 0.510583\n"
            .write(to: folder.appendingPathComponent("000000000009.txt"), atomically: true, encoding: .utf8)
        try "23 0.770336 0.489695 0.335891 0.697559\n".write(to: folder.appendingPathComponent("000000000025.txt"),
                                                              atomically: true, encoding: .utf8)
        try "nc: 80\nnames: ['person', 'bicycle', 'car']  # shortened\n"
            .write(to: folder.appendingPathComponent("data.yaml"), atomically: true, encoding: .utf8)
        let first = try YOLOLabelFile.read(contentsOf: folder.appendingPathComponent("000000000009.txt"))
        XCTAssertEqual(first.map(\.classIndex), [45, 50])
        XCTAssertEqual(first[0].box.x, 0.479492 - 0.955609 / 2, accuracy: 1e-12)
        XCTAssertEqual(first[0].box.height, 0.5955, accuracy: 1e-12)
        let yaml = try String(contentsOf: folder.appendingPathComponent("data.yaml"), encoding: .utf8)
        XCTAssertEqual(try YOLODataConfiguration.classNames(inYAML: yaml), ["person", "bicycle", "car"])
    }

    func testDataYAMLNamesInEveryForm() throws {
        let forms: [(String, [String])] = [
            ("nc: 2\nnames: ['Mask', 'can']  # two\n", ["Mask", "can"]),
            ("names : [\n  \"person\",\n  \"bicycle\" ,\n  \" tennis racket\"\n]\nnc : 3\n", ["person", "bicycle", " tennis racket"]),
            ("path: .\nnames:\n  - egg\n  - 'olive oil'   # quoted\n  - chef's knife\nnc: 3\n", ["egg", "olive oil", "chef's knife"]),
            ("names:\n  1: banana\n  0: \"apple\"\n\ntrain: images\n", ["apple", "banana"]),
            ("names: {0: a, 1: 'b c'}\n", ["a", "b c"]),
            ("names: [hot dog, it's]\n", ["hot dog", "it's"]),
        ]
        for (yaml, expected) in forms {
            XCTAssertEqual(try YOLODataConfiguration.classNames(inYAML: yaml), expected, yaml)
        }
        XCTAssertNil(try YOLODataConfiguration.classNames(inYAML: "nc: 3\ntrain: images\n  names: [a]\n"))
        for broken in ["names: person\n", "names:\n  - a\n  1: b\n", "names: ['a', 'b'\n", "names:\n  x: a\n"] {
            XCTAssertThrowsError(try YOLODataConfiguration.classNames(inYAML: broken), broken)
        }
    }

    func testReadsAFolderWithBackgroundAndBrokenPhotos() throws {
        let scratch = try ScratchFolder(testCase: self)
        let split = "dataset/valid"
        try scratch.write(Data("names: ['a', 'b']\n".utf8), to: "dataset/data.yaml")
        try scratch.write(Data(), to: "\(split)/images/one.jpg")
        try scratch.write(Data("0 0.5 0.5 0.2 0.2\n1 0.25 0.25 0.1 0.1\n".utf8), to: "\(split)/labels/one.txt")
        try scratch.write(Data(), to: "\(split)/images/nested/two.PNG")
        try scratch.write(Data("1 0.5 0.5 0.5 0.5\n".utf8), to: "\(split)/labels/nested/two.txt")
        try scratch.write(Data(), to: "\(split)/images/background.webp")
        try scratch.write(Data(), to: "\(split)/images/broken.jpg")
        try scratch.write(Data("0 0.5 0.5\n".utf8), to: "\(split)/labels/broken.txt")
        try scratch.write(Data(), to: "\(split)/images/unknown-class.jpg")
        try scratch.write(Data("2 0.5 0.5 0.1 0.1\n".utf8), to: "\(split)/labels/unknown-class.txt")
        try scratch.write(Data("not a photo".utf8), to: "\(split)/images/notes.txt")

        let dataset = try YOLODataset(directory: scratch.url.appendingPathComponent(split))
        XCTAssertEqual(dataset.classNames, ["a", "b"])
        XCTAssertEqual(dataset.configurationURL?.lastPathComponent, "data.yaml")
        XCTAssertEqual(dataset.photos.map(\.url.lastPathComponent), ["background.webp", "two.PNG", "one.jpg"])
        XCTAssertEqual(dataset.photos.map(\.objects.count), [0, 1, 2])
        XCTAssertEqual(dataset.skipped.map(\.url.lastPathComponent), ["broken.jpg", "unknown-class.jpg"])
        XCTAssert(dataset.skipped[0].reason.contains("line 1"), dataset.skipped[0].reason)
        XCTAssert(dataset.skipped[1].reason.contains("class 2"), dataset.skipped[1].reason)
    }

    func testFoldersThatAreNotDatasetsAreExplained() throws {
        let scratch = try ScratchFolder(testCase: self)
        try scratch.write(Data(), to: "dataset/train/images/a.jpg")
        try scratch.write(Data(), to: "dataset/train/labels/a.txt")
        try scratch.write(Data(), to: "dataset/valid/images/b.jpg")
        try scratch.write(Data(), to: "dataset/valid/labels/b.txt")
        let root = scratch.url.appendingPathComponent("dataset")
        XCTAssertThrowsError(try YOLODataset(directory: root)) { error in
            XCTAssertEqual(error as? YOLODatasetError, .notADataset(path: root.path, missing: "images/", splits: ["train", "valid"]))
            XCTAssert("\(error)".contains("dataset/valid"), "\(error)")
        }
        try scratch.write(Data(), to: "empty/images/readme.md")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("empty/labels"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try YOLODataset(directory: scratch.url.appendingPathComponent("empty"))) { error in
            guard case YOLODatasetError.noPhotos = error else { return XCTFail("\(error)") }
        }
        try scratch.write(Data("names: [a, b\n".utf8), to: "dataset/train/data.yaml")
        XCTAssertThrowsError(try YOLODataset(directory: root.appendingPathComponent("train"))) { error in
            guard case YOLODatasetError.unreadableConfiguration = error else { return XCTFail("\(error)") }
        }
    }
}
