// Tests for the JPEG, PNG and WebP structure scanners that run before the libraries: declared
// sizes, EXIF locations and completeness, on the real fixtures.
@testable import SightlineImaging
import XCTest

final class ContainerStructureTests: XCTestCase {
    func testJPEGStructure() throws {
        try Fixtures.data("rotated-exif6.jpg").withUnsafeBytes { bytes in
            let structure = JPEGStructure(scanning: bytes)
            XCTAssertEqual(structure.declaredSize, ImageSize(width: 320, height: 240))
            XCTAssertTrue(structure.endsWithEndOfImage)
            let exif = try XCTUnwrap(structure.exifRange)
            XCTAssertEqual(ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: bytes[exif])), .right)
        }
        try Fixtures.data("truncated.jpg").withUnsafeBytes { bytes in
            let structure = JPEGStructure(scanning: bytes)
            XCTAssertEqual(structure.declaredSize, ImageSize(width: 300, height: 300))
            XCTAssertFalse(structure.endsWithEndOfImage)
            XCTAssertNil(structure.exifRange)
        }
    }

    func testPNGStructure() throws {
        let png = try Fixtures.data("crop-exif8.png")
        png.withUnsafeBytes { bytes in
            let structure = PNGStructure(scanning: bytes)
            XCTAssertEqual(structure.declaredSize, ImageSize(width: 48, height: 64))
            XCTAssertTrue(structure.isComplete)
            XCTAssertEqual(structure.exifRange.map { ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: bytes[$0])) }, .left)
        }
        png.prefix(png.count - 13).withUnsafeBytes { bytes in
            XCTAssertFalse(PNGStructure(scanning: bytes).isComplete)
        }
    }

    func testWebPStructureForEachBitstreamKind() throws {
        try Fixtures.data("photo-tomato.webp").withUnsafeBytes { bytes in  // lossy: VP8
            let structure = WebPStructure(scanning: bytes)
            XCTAssertEqual(structure.declaredSize, ImageSize(width: 300, height: 300))
            XCTAssertTrue(structure.isComplete)
        }
        try Fixtures.data("alpha.webp").withUnsafeBytes { bytes in  // lossless: VP8L
            XCTAssertEqual(WebPStructure(scanning: bytes).declaredSize, ImageSize(width: 64, height: 48))
        }
        try Fixtures.data("crop-exif3.webp").withUnsafeBytes { bytes in  // extended: VP8X + EXIF
            let structure = WebPStructure(scanning: bytes)
            XCTAssertEqual(structure.declaredSize, ImageSize(width: 64, height: 48))
            XCTAssertEqual(structure.exifRange.map { ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: bytes[$0])) }, .down)
        }
    }
}
