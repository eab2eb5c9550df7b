// Tests for PhotoFileReader: what is not a regular file is refused by what it is, a huge file
// that does not start as an image is refused from its first bytes without being read (a sparse
// 10 GiB file of zeros), a photo over the size limit is refused by its size, and a real photo
// (also through a symbolic link) is read whole.
import Foundation
import SightlineImaging
import XCTest

final class PhotoFileReaderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-photo-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testDevicesFoldersAndPipesAreRefusedByWhatTheyAre() throws {
        let pipe = folder.appendingPathComponent("pipe.jpg")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        for (url, what) in [(URL(fileURLWithPath: "/dev/zero"), "a character device"), (folder!, "a folder"), (pipe, "a pipe")] {
            let error = assertImagingError(try PhotoFileReader.read(url))
            XCTAssertEqual(error, .fileUnreadable(path: url.path, reason: "it is \(what), not a regular file"))
        }
        let missing = folder.appendingPathComponent("missing.jpg")
        XCTAssertEqual(assertImagingError(try PhotoFileReader.read(missing)), .fileUnreadable(path: missing.path, reason: "no such file"))
    }

    func testAHugeFileThatIsNoImageIsRefusedFromItsFirstBytes() throws {
        let huge = folder.appendingPathComponent("zeros.jpg")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: Data("just some text".utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 10 << 30)
        try handle.close()
        let peakBefore = peakResidentBytes()
        let error = assertImagingError(try ImageDecoder.decode(contentsOf: huge))
        guard case .unrecognizedFormat(let leading) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(leading, Array("just some text".utf8) + [UInt8](repeating: 0, count: 10), "the first bytes, then the hole")
        XCTAssertTrue(error!.description.contains("6A 75 73 74 20 73 6F 6D 65"), error!.description)
        XCTAssertLessThan(peakResidentBytes() - peakBefore, 1 << 30, "the 10 GiB were not read")
    }

    func testAPhotoOverTheLimitIsRefusedByItsSize() throws {
        let photo = try Fixtures.data("photo-faces-2008_001322.jpg")
        let url = folder.appendingPathComponent("photo.jpg")
        try photo.write(to: url)
        let error = assertImagingError(try PhotoFileReader.read(url, maximumBytes: photo.count - 1))
        guard case .fileUnreadable(url.path, let reason) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("MB a photo file may be"), reason)
        XCTAssertEqual(try PhotoFileReader.read(url, maximumBytes: photo.count), photo)
    }

    func testAPhotoIsReadWholeAlsoThroughALink() throws {
        let photo = try Fixtures.data("crop-rgb8.png")
        let url = folder.appendingPathComponent("crop.png")
        try photo.write(to: url)
        let link = folder.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        XCTAssertEqual(try PhotoFileReader.read(link), photo)
        let gif = folder.appendingPathComponent("anim.gif")
        try Data("GIF89a".utf8 + [UInt8](repeating: 0, count: 40)).write(to: gif)
        XCTAssertEqual(assertImagingError(try PhotoFileReader.read(gif)), .unsupportedFormat(.gif))
    }
}
