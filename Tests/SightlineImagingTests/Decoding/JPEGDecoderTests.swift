// Tests for JPEG decoding: real photos against Pillow, grayscale and CMYK colour spaces, the
// reduced-scale (Pillow `draft`) size choice on a 12-megapixel JPEG, and the refusal of a
// progressive file with more scans than any encoder writes.
import Foundation
import SightlineImaging
import SightlineTestSupport
import XCTest

final class JPEGDecoderTests: XCTestCase {
    func testPhotosMatchPillowsDecode() throws {
        let references = try PillowReference.decodedImages(Fixtures.photos.map(Fixtures.url))
        for (name, reference) in zip(Fixtures.photos, references) {
            let image = try ImageDecoder.decode(contentsOf: Fixtures.url(name))
            XCTAssertEqual(image.size, reference.size, name)
            let difference = PixelDifference(image, reference)
            XCTAssertLessThanOrEqual(difference.maximum, 1, name)
            XCTAssertLessThan(difference.mean, 0.01, name)
        }
    }

    func testGrayscaleJPEGDecodesToEqualChannels() throws {
        try TestRequirement.pythonReferences()
        let url = Fixtures.url("grayscale.jpg")
        let image = try ImageDecoder.decode(contentsOf: url)
        XCTAssertEqual(image.size, ImageSize(width: 300, height: 300))
        for index in stride(from: 0, to: image.pixels.count, by: 3) {
            XCTAssertEqual(image.pixels[index], image.pixels[index + 1])
            XCTAssertEqual(image.pixels[index], image.pixels[index + 2])
        }
        XCTAssertEqual(PixelDifference(image, try PillowReference.decodedImage(url)).maximum, 0)
    }

    func testCMYKJPEGMatchesPillowsConversionToRGB() throws {
        let url = Fixtures.url("cmyk.jpg")
        let image = try ImageDecoder.decode(contentsOf: url)
        let reference = try PillowReference.decodedImage(url)  // Image.open(...).convert('RGB')
        XCTAssertEqual(image.size, ImageSize(width: 160, height: 160))
        let difference = PixelDifference(image, reference)
        XCTAssertLessThanOrEqual(difference.maximum, 1)
        // Reading the inverted Adobe values as plain CMYK would turn the red tomato cyan.
        let tomatoCentre = image[80, 80]
        XCTAssertGreaterThan(Int(tomatoCentre.red), Int(tomatoCentre.green) + 50)
    }

    func testReducedScaleChoiceMatchesPillowsDraft() throws {
        let url = try LargeJPEG.url()
        let targets = [(256, 256), (224, 224), (500, 375), (501, 375), (500, 376), (1000, 750), (1001, 10),
                       (2000, 1500), (2001, 1500), (4000, 3000), (5000, 100), (300, 1600), (1, 1)]
        let pillowSizes = try PillowReference.run("""
            import sys
            from PIL import Image
            for pair in sys.argv[2:]:
                im = Image.open(sys.argv[1])
                im.draft('RGB', tuple(int(v) for v in pair.split('x')))
                print(*im.size)
            """, [url.path] + targets.map { "\($0.0)x\($0.1)" })
            .split(separator: "\n").map { line in line.split(separator: " ").map { Int($0)! } }
        XCTAssertEqual(pillowSizes.count, targets.count)
        for (target, pillowSize) in zip(targets, pillowSizes) {
            let options = DecodeOptions(targetSize: ImageSize(width: target.0, height: target.1))
            let image = try ImageDecoder.decode(contentsOf: url, options: options)
            XCTAssertEqual([image.width, image.height], pillowSize, "target \(target)")
        }
    }

    func testReducedScalePixelsMatchPillowsDraft() throws {
        let url = try LargeJPEG.url()
        let image = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(targetSize: ImageSize(width: 256, height: 256)))
        XCTAssertEqual(image.size, ImageSize(width: 500, height: 375))
        let reference = try PillowReference.images("""
            import sys
            from PIL import Image
            im = Image.open(sys.argv[2])
            im.draft('RGB', (256, 256))
            im = im.convert('RGB')
            open(sys.argv[1], 'wb').write(im.tobytes())
            print(*im.size)
            """, [url.path])[0]
        let difference = PixelDifference(image, reference)
        XCTAssertLessThanOrEqual(difference.maximum, 1)
        XCTAssertLessThan(difference.mean, 0.01)
    }

    func testTargetSizeIsMeasuredOnTheUprightImage() throws {
        // Stored 320×240 with orientation 6, so upright 240×320. An upright target of 120×160
        // allows half scale; applied to the stored axes it would not.
        let options = DecodeOptions(targetSize: ImageSize(width: 120, height: 160))
        let image = try ImageDecoder.decode(contentsOf: Fixtures.url("rotated-exif6.jpg"), options: options)
        XCTAssertEqual(image.size, ImageSize(width: 120, height: 160))
        // Without orientation the caller gets the stored pixels, so the target applies to them.
        let stored = try ImageDecoder.decode(contentsOf: Fixtures.url("rotated-exif6.jpg"),
                                             options: DecodeOptions(targetSize: ImageSize(width: 160, height: 120),
                                                                    applyOrientation: false))
        XCTAssertEqual(stored.size, ImageSize(width: 160, height: 120))
    }

    func testTargetLargerThanTheImageDecodesAtFullSize() throws {
        let options = DecodeOptions(targetSize: ImageSize(width: 1000, height: 1000))
        let image = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-faces-2008_001322.jpg"), options: options)
        XCTAssertEqual(image.size, ImageSize(width: 500, height: 375))
    }

    func testProgressiveFileWithThousandsOfScansIsRefused() throws {
        // A small progressive JPEG whose first scan is repeated 600 times: each scan can cost a
        // pass over the whole image, so past 500 the file is refused (as TurboJPEG's
        // TJFLAG_LIMITSCANS does), for the whole decode and for the classifier's path alike.
        let output = try TemporaryDirectory.shared.file(named: "many-scans-\(UUID().uuidString).jpg")
        try PillowReference.run("""
            import io, sys
            from PIL import Image
            buffer = io.BytesIO()
            Image.new('RGB', (64, 48), (120, 30, 200)).save(buffer, 'JPEG', progressive=True)
            data = buffer.getvalue()
            start = data.index(b'\\xff\\xda')
            end = start + 2 + int.from_bytes(data[start + 2:start + 4], 'big')
            while data[end] != 0xFF or data[end + 1] == 0 or 0xD0 <= data[end + 1] <= 0xD7:
                end += 1
            open(sys.argv[1], 'wb').write(data[:end] + data[start:end] * 600 + data[end:])
            """, [output.path])
        for decode in [{ try ImageDecoder.decode(contentsOf: output) as Any },
                       { try ImageDecoder.tensorValues(contentsOf: output, preprocessing: .efficientNetLite) as Any }] {
            let error = assertImagingError(try decode())
            guard case .corruptData(.jpeg, let detail) = error else { return XCTFail("got \(String(describing: error))") }
            XCTAssertTrue(detail.contains("more than 500 scans"), detail)
        }
    }
}
