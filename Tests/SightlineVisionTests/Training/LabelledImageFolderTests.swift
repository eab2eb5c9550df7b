// LabelledImageFolderTests: how a folder with one sub-folder per class is read — which entries
// are classes and photos, which are ignored — and the errors for folders that cannot be used.
import Foundation
import SightlineVision
import XCTest

final class LabelledImageFolderTests: XCTestCase {
    func testClassesAndPhotosFollowTheLayoutRules() throws {
        let scratch = try ScratchFolder(testCase: self)
        let photo = Data([0xFF, 0xD8])  // never decoded here
        try scratch.write(photo, to: "b-dog/2.JPG")
        try scratch.write(photo, to: "b-dog/1.jpeg")
        try scratch.write(Data("notes".utf8), to: "b-dog/notes.txt")
        try scratch.write(photo, to: "b-dog/nested/3.jpg")
        try scratch.write(photo, to: "b-dog/.hidden.jpg")
        try scratch.write(photo, to: "a-cat/x.webp")
        try scratch.write(photo, to: "a-cat/y.png")
        try scratch.write(Data("0 0.5 0.5 1 1".utf8), to: "boxes/x.txt")
        try scratch.write(photo, to: ".cache/z.jpg")
        try scratch.write(photo, to: "top-level.jpg")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("c-empty"),
                                                withIntermediateDirectories: true)

        let folder = try LabelledImageFolder(scanning: scratch.url)
        XCTAssertEqual(folder.labels, ["a-cat", "b-dog", "c-empty"])
        XCTAssertEqual(folder.classes[0].files.map(\.lastPathComponent), ["x.webp", "y.png"])
        XCTAssertEqual(folder.classes[1].files.map(\.lastPathComponent), ["1.jpeg", "2.JPG"])
        XCTAssertEqual(folder.classes[2].files, [])
        XCTAssertEqual(folder.ignoredFolders, ["boxes"])
        XCTAssertEqual(folder.photoCount, 4)
    }

    func testFoldersThatCannotBeUsedSaySo() throws {
        let scratch = try ScratchFolder(testCase: self)
        XCTAssertThrowsError(try LabelledImageFolder(scanning: scratch.url.appendingPathComponent("missing"))) { error in
            XCTAssertEqual(error as? DatasetError, .notAFolder(path: scratch.url.appendingPathComponent("missing").path))
        }
        let file = try scratch.write(Data("x".utf8), to: "file.jpg")
        XCTAssertThrowsError(try LabelledImageFolder(scanning: file)) { error in
            XCTAssertEqual(error as? DatasetError, .notAFolder(path: file.path))
        }
        try scratch.write(Data("x".utf8), to: "only-notes/readme.txt")
        XCTAssertThrowsError(try LabelledImageFolder(scanning: scratch.url)) { error in
            XCTAssertEqual(error as? DatasetError, .noClassFolders(path: scratch.url.path, ignoredFolders: ["only-notes"]))
            XCTAssertTrue("\(error)".contains("one sub-folder per class"), "\(error)")
        }
    }
}
