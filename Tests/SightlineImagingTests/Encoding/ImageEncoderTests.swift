// Tests for ImageEncoder: PNG is lossless, JPEG is close at high quality and smaller at low
// quality, and Pillow reads both.
import Foundation
import SightlineImaging
import SightlineTestSupport
import XCTest

final class ImageEncoderTests: XCTestCase {
    private func photo() throws -> RGBImage {
        try ImageDecoder.decode(contentsOf: Fixtures.url("photo-faces-2008_001322.jpg"))
    }

    func testPNGRoundTripIsLossless() throws {
        try TestRequirement.pythonReferences()
        let image = try photo()
        let png = try ImageEncoder.pngData(image)
        XCTAssertEqual(ImageFormat.detect(in: png), .png)
        XCTAssertEqual(try ImageDecoder.decode(data: png), image)
        let file = try TemporaryDirectory.shared.file(named: "encoded.png")
        try png.write(to: file)
        XCTAssertEqual(try PillowReference.decodedImage(file), image)
    }

    func testJPEGRoundTripIsCloseAndQualityMatters() throws {
        try TestRequirement.pythonReferences()
        let image = try photo()
        let good = try ImageEncoder.jpegData(image, quality: 95)
        let poor = try ImageEncoder.jpegData(image, quality: 30)
        XCTAssertEqual(ImageFormat.detect(in: good), .jpeg)
        XCTAssertLessThan(poor.count, good.count / 2)
        let decoded = try ImageDecoder.decode(data: good)
        XCTAssertLessThan(PixelDifference(decoded, image).mean, 2)
        let file = try TemporaryDirectory.shared.file(named: "encoded.jpg")
        try good.write(to: file)
        XCTAssertEqual(try PillowReference.decodedImage(file), decoded)
    }

    func testOnePixelImagesEncode() throws {
        let pixel = RGBImage(width: 1, height: 1, color: RGBColor(red: 12, green: 200, blue: 99))
        XCTAssertEqual(try ImageDecoder.decode(data: ImageEncoder.pngData(pixel)), pixel)
        XCTAssertEqual(try ImageDecoder.decode(data: ImageEncoder.jpegData(pixel)).size, pixel.size)
    }
}
