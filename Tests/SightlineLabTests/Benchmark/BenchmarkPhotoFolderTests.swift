// BenchmarkPhotoFolderTests: the generated benchmark photos are readable JPEGs of 1 to 4
// megapixels, and the same count always gives the same files.
import Foundation
@testable import SightlineLab
import SightlineImaging
import XCTest

final class BenchmarkPhotoFolderTests: XCTestCase {
    func testMakesReadablePhoneSizedJPEGs() throws {
        let folder = try ScratchFolder(testCase: self).url
        let photos = try BenchmarkPhotoFolder.make(count: 6, repository: BenchTestSupport.repository, in: folder)
        XCTAssertEqual(photos.count, 6)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       photos.map(\.lastPathComponent).sorted())
        for photo in photos {
            let data = try Data(contentsOf: photo)
            XCTAssertEqual(Array(data.prefix(3)), [0xFF, 0xD8, 0xFF], "\(photo.lastPathComponent) is not a JPEG")
            let image = try ImageDecoder.decode(data: data)
            let megapixels = Double(image.width * image.height) / 1e6
            XCTAssert((0.99 ... 4.0).contains(megapixels), "\(photo.lastPathComponent) is \(image.width)×\(image.height)")
            // Grain makes the file about as large as a camera's JPEG (well over 1 bit per pixel).
            XCTAssertGreaterThan(Double(data.count * 8) / Double(image.width * image.height), 1, photo.lastPathComponent)
        }
    }

    func testSameCountGivesTheSamePhotos() throws {
        let first = try ScratchFolder(testCase: self).url, second = try ScratchFolder(testCase: self).url
        let a = try BenchmarkPhotoFolder.make(count: 3, repository: BenchTestSupport.repository, in: first)
        let b = try BenchmarkPhotoFolder.make(count: 3, repository: BenchTestSupport.repository, in: second)
        for (x, y) in zip(a, b) {
            XCTAssertEqual(try Data(contentsOf: x), try Data(contentsOf: y), x.lastPathComponent)
        }
    }
}
