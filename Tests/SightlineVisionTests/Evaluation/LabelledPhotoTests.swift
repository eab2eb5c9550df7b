// LabelledPhotoTests: reading a <wnid>/<file> photo folder — which files count, which
// folders are skipped, and the error for a folder without labelled photos.
import SightlineTestSupport
@testable import SightlineVision
import XCTest

final class LabelledPhotoTests: XCTestCase {
    func testReadsPhotosInClassFoldersSortedAndSkipsTheRest() throws {
        let table = try ImageNetClassTable(contentsOf: TestRepository.url("Data/imagenet-classes.tsv"))
        let scratch = try ScratchFolder(testCase: self)
        let photo = try Data(contentsOf: TestRepository.sample("cabbage.jpg"))
        try scratch.write(photo, to: "n07714571/b.JPEG")
        try scratch.write(photo, to: "n07714571/a.jpg")
        try scratch.write(Data("notes".utf8), to: "n07714571/readme.txt")
        try scratch.write(photo, to: "n02123045/cat.webp")
        try scratch.write(photo, to: "holiday/beach.jpg")
        try scratch.write(photo, to: "loose.jpg")

        let folder = try LabelledPhoto.imageNetFolder(scratch.url, classes: table)
        XCTAssertEqual(folder.photos.map { $0.url.lastPathComponent }, ["cat.webp", "a.jpg", "b.JPEG"])
        XCTAssertEqual(folder.photos.map(\.classIndex), [281, 936, 936])
        XCTAssertEqual(folder.skippedFolders, ["holiday"])
    }

    func testFolderWithoutLabelledPhotosIsAnError() throws {
        let table = try ImageNetClassTable(contentsOf: TestRepository.url("Data/imagenet-classes.tsv"))
        let scratch = try ScratchFolder(testCase: self)
        try scratch.write(Data(), to: "holiday/beach.jpg")
        XCTAssertThrowsError(try LabelledPhoto.imageNetFolder(scratch.url, classes: table)) { error in
            XCTAssertEqual(error as? EvaluationError, .noLabelledPhotos(path: scratch.url.path))
        }
    }
}
