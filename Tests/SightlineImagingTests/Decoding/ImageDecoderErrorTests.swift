// Tests for ImageDecoder's refusals: empty, non-image, truncated, corrupt, unsupported,
// zero-sized and oversized inputs each give their own error with a message naming the problem.
import Foundation
import SightlineImaging
import XCTest

final class ImageDecoderErrorTests: XCTestCase {
    func testEmptyFile() {
        let error = assertImagingError(try ImageDecoder.decode(contentsOf: Fixtures.url("empty.jpg")))
        XCTAssertEqual(error, .emptyData)
        XCTAssertTrue(error?.description.contains("empty (0 bytes)") ?? false)
    }

    func testTextFileNamedJPG() {
        let error = assertImagingError(try ImageDecoder.decode(contentsOf: Fixtures.url("not-an-image.jpg")))
        guard case .unrecognizedFormat(let leadingBytes) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(String(decoding: leadingBytes, as: UTF8.self), "This is a text file that")
        XCTAssertTrue(error!.description.contains("looks like text"), error!.description)
        XCTAssertTrue(error!.description.contains("JPEG, PNG and WebP"), error!.description)
    }

    func testBinaryGarbageIsDescribedByItsBytes() {
        let error = assertImagingError(try ImageDecoder.decode(data: Data([0x00, 0x01, 0xFE, 0x80])))
        XCTAssertEqual(error, .unrecognizedFormat(leadingBytes: [0x00, 0x01, 0xFE, 0x80]))
        XCTAssertTrue(error!.description.contains("00 01 FE 80"), error!.description)
    }

    func testMissingFile() {
        let error = assertImagingError(try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: "/nonexistent/photo.jpg")))
        XCTAssertEqual(error, .fileUnreadable(path: "/nonexistent/photo.jpg", reason: "no such file"))
    }

    func testTruncatedJPEG() {
        let error = assertImagingError(try ImageDecoder.decode(contentsOf: Fixtures.url("truncated.jpg")))
        guard case .truncatedData(.jpeg, let detail) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(detail.contains("Premature end of JPEG file"), detail)
        XCTAssertTrue(error!.description.contains("JPEG data is truncated"), error!.description)
    }

    func testJPEGCutInsideItsHeaders() throws {
        let photo = try Fixtures.data("photo-faces-2008_001322.jpg")
        let error = assertImagingError(try ImageDecoder.decode(data: photo.prefix(300)))
        guard case .truncatedData(.jpeg, let detail) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertFalse(detail.isEmpty)
    }

    func testTruncatedPNGAndWebP() throws {
        let png = try Fixtures.data("crop-rgb8.png")
        guard case .truncatedData(.png, _) = assertImagingError(try ImageDecoder.decode(data: png.prefix(png.count * 6 / 10))) else {
            return XCTFail("a cut PNG should be reported as truncated")
        }
        let webp = try Fixtures.data("photo-tomato.webp")
        guard case .truncatedData(.webp, _) = assertImagingError(try ImageDecoder.decode(data: webp.prefix(webp.count * 6 / 10))) else {
            return XCTFail("a cut WebP should be reported as truncated")
        }
    }

    func testCorruptJPEGIncludesTheLibraryMessage() throws {
        var bytes = [UInt8](try Fixtures.data("photo-faces-2008_001322.jpg"))
        let sof = JPEGEditing.startOfFrameOffset(in: Data(bytes))!
        bytes[sof + 4] = 9  // sample precision 9 bits: not a valid baseline JPEG
        let error = assertImagingError(try ImageDecoder.decode(data: Data(bytes)))
        guard case .corruptData(.jpeg, let detail) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(detail.contains("precision"), detail)
        XCTAssertTrue(error!.description.contains("JPEG data is corrupt"), error!.description)
    }

    func testCorruptPNGIncludesTheLibraryMessage() throws {
        var bytes = [UInt8](try Fixtures.data("crop-rgb8.png"))
        let idat = (0 ..< bytes.count - 4).first { String(decoding: bytes[$0 ..< $0 + 4], as: UTF8.self) == "IDAT" }!
        bytes[idat + 20] ^= 0xFF
        let error = assertImagingError(try ImageDecoder.decode(data: Data(bytes)))
        guard case .corruptData(.png, let detail) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(detail.hasPrefix("IDAT"), detail)  // libpng names the damaged chunk
    }

    func testCorruptWebP() throws {
        var bytes = [UInt8](try Fixtures.data("photo-tomato.webp"))
        let frame = (0 ..< bytes.count - 4).first { String(decoding: bytes[$0 ..< $0 + 4], as: UTF8.self) == "VP8 " }!
        bytes[frame + 11] = 0  // the VP8 frame's start code (9D 01 2A) no longer matches
        let error = assertImagingError(try ImageDecoder.decode(data: Data(bytes)))
        guard case .corruptData(.webp, let detail) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(detail.contains("libwebp"), detail)
    }

    func testUnsupportedFormatsAreNamed() {
        let heic = ImageFormatTests.isoMediaFile(major: "heic", compatible: ["mif1", "heic"])
        let error = assertImagingError(try ImageDecoder.decode(data: heic))
        XCTAssertEqual(error, .unsupportedFormat(.heic))
        XCTAssertEqual(error?.description, "HEIC images are not supported; convert the image to JPEG, PNG or WebP first.")
        XCTAssertEqual(assertImagingError(try ImageDecoder.decode(data: Data("GIF89a\u{1}\0\u{1}\0".utf8))),
                       .unsupportedFormat(.gif))
        let avif = ImageFormatTests.isoMediaFile(major: "avif", compatible: ["mif1"])
        XCTAssertTrue(assertImagingError(try ImageDecoder.decode(data: avif))?.description.hasPrefix("AVIF images") ?? false)
    }

    func testAnimatedWebPIsRefused() throws {
        let file = try TemporaryDirectory.shared.file(named: "animated.webp")
        try PillowReference.run("""
            import sys
            from PIL import Image
            frames = [Image.new('RGB', (16, 16), c) for c in ('red', 'blue')]
            frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=100, loop=0)
            """, [file.path])
        let error = assertImagingError(try ImageDecoder.decode(contentsOf: file))
        XCTAssertEqual(error, .unsupportedFeature(.webp, feature: "Animated WebP"))
        XCTAssertTrue(error!.description.contains("Animated WebP is not supported"), error!.description)
    }

    func testZeroSizedJPEG() throws {
        let photo = try Fixtures.data("photo-faces-2008_001322.jpg")
        let error = assertImagingError(try ImageDecoder.decode(data: JPEGEditing.withDeclaredSize(photo, width: 500, height: 0)))
        XCTAssertEqual(error, .zeroSizedImage(.jpeg, width: 500, height: 0))
        XCTAssertTrue(error!.description.contains("500×0"), error!.description)
    }

    func testZeroSizedPNG() {
        let error = assertImagingError(try ImageDecoder.decode(data: Self.pngHeader(width: 0, height: 7)))
        XCTAssertEqual(error, .zeroSizedImage(.png, width: 0, height: 7))
    }

    func testPixelLimitIsEnforcedFromTheHeaderWithoutDecoding() throws {
        // A real 65 KB photo whose header claims 60000×60000 (3.6 gigapixels): decoding would need
        // 10.8 GB, so an immediate refusal shows the pixels were never decoded.
        let photo = try Fixtures.data("photo-faces-2008_001322.jpg")
        let huge = JPEGEditing.withDeclaredSize(photo, width: 60000, height: 60000)
        let started = Date()
        let error = assertImagingError(try ImageDecoder.decode(data: huge))
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
        XCTAssertEqual(error, .tooManyPixels(width: 60000, height: 60000, limit: 100_000_000))
        let message = error?.description ?? ""
        XCTAssertTrue(message.contains("60000×60000 (3600.0 megapixels)"), message)
        XCTAssertTrue(message.contains("100.0 megapixels"), message)
        XCTAssertTrue(message.contains("DecodeOptions.maxPixels"), message)

        let hugePNG = Self.pngHeader(width: 20000, height: 20000)
        XCTAssertEqual(assertImagingError(try ImageDecoder.decode(data: hugePNG)),
                       .tooManyPixels(width: 20000, height: 20000, limit: 100_000_000))
    }

    func testPixelLimitIsConfigurable() throws {
        let photo = try Fixtures.data("photo-faces-2008_001322.jpg")  // 500×375 = 187,500 pixels
        XCTAssertEqual(assertImagingError(try ImageDecoder.decode(data: photo, options: DecodeOptions(maxPixels: 187_499))),
                       .tooManyPixels(width: 500, height: 375, limit: 187_499))
        XCTAssertEqual(try ImageDecoder.decode(data: photo, options: DecodeOptions(maxPixels: 187_500)).width, 500)
        let webp = try Fixtures.data("photo-tomato.webp")
        XCTAssertEqual(assertImagingError(try ImageDecoder.decode(data: webp, options: DecodeOptions(maxPixels: 1000))),
                       .tooManyPixels(width: 300, height: 300, limit: 1000))
    }

    func testAStripFarLongerThanWideIsRefusedFromTheHeader() throws {
        // 1×1,000,000: the header alone says it is no photo.
        let error = assertImagingError(try ImageDecoder.decode(data: Self.pngHeader(width: 1, height: 1_000_000)))
        XCTAssertEqual(error, .extremeAspectRatio(width: 1, height: 1_000_000, limit: 50))
        XCTAssertTrue(error?.description.contains("1×1000000 pixels: one side is more than 50 times the other") == true,
                      error?.description ?? "")
        XCTAssertEqual(assertImagingError(try ImageDecoder.decode(data: Self.pngHeader(width: 5100, height: 100))),
                       .extremeAspectRatio(width: 5100, height: 100, limit: 50))
        // 50:1 itself is within the limit: the header is read and decoding goes on (to this empty IDAT's error).
        let atTheLimit = assertImagingError(try ImageDecoder.decode(data: Self.pngHeader(width: 5000, height: 100)))
        XCTAssertNotEqual(atTheLimit, .extremeAspectRatio(width: 5000, height: 100, limit: 50))
        let photo = try Fixtures.data("photo-faces-2008_001322.jpg")  // 500×375
        XCTAssertEqual(assertImagingError(try ImageDecoder.decode(data: photo, options: DecodeOptions(maxAspectRatio: 1))),
                       .extremeAspectRatio(width: 500, height: 375, limit: 1))
    }

    func testErrorsReadWellThroughLocalizedDescription() {
        let error: Error = ImagingError.unsupportedFormat(.tiff)
        XCTAssertEqual(error.localizedDescription, "TIFF images are not supported; convert the image to JPEG, PNG or WebP first.")
    }

    /// A PNG signature and a valid IHDR chunk (8-bit RGB) followed by an empty IDAT and IEND.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + payload
            return bigEndian(UInt32(payload.count)) + body + bigEndian(CRC32.checksum(body))
        }
        func bigEndian(_ value: UInt32) -> [UInt8] {
            [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + chunk("IHDR", header) + chunk("IDAT", []) + chunk("IEND", []))
    }
}
