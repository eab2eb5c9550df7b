// Tests for the Pillow-compatible bilinear resize: real photos against Pillow's
// Image.resize(…, BILINEAR) at many sizes, the fused resize-and-crop against resize-then-crop,
// and memory that follows the crop, not the whole resized length.
import CSightlineResample
import Foundation
import SightlineImaging
import XCTest

final class RGBImageResizeTests: XCTestCase {
    /// Pillow's resizes of exactly the same pixels (handed over as raw bytes) to each size.
    private func pillowResizes(_ image: RGBImage, to sizes: [ImageSize]) throws -> [RGBImage] {
        let input = try TemporaryDirectory.shared.file(named: "resize-input-\(UUID().uuidString).rgb")
        try Data(image.pixels).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return try PillowReference.images("""
            import sys
            from PIL import Image
            w, h = int(sys.argv[3]), int(sys.argv[4])
            source = Image.frombytes('RGB', (w, h), open(sys.argv[2], 'rb').read())
            with open(sys.argv[1], 'wb') as out:
                for size in sys.argv[5:]:
                    im = source.resize(tuple(int(v) for v in size.split('x')), Image.Resampling.BILINEAR)
                    out.write(im.tobytes())
                    print(*im.size)
            """, [input.path, "\(image.width)", "\(image.height)"] + sizes.map { "\($0.width)x\($0.height)" })
    }

    private func assertMatchesPillow(_ image: RGBImage, sizes: [ImageSize], file: StaticString = #filePath,
                                     line: UInt = #line) throws {
        let references = try pillowResizes(image, to: sizes)
        XCTAssertEqual(references.count, sizes.count, file: file, line: line)
        for (size, reference) in zip(sizes, references) {
            let resized = image.resized(width: size.width, height: size.height)
            XCTAssertEqual(resized.size, size, file: file, line: line)
            let difference = PixelDifference(resized, reference)
            XCTAssertGreaterThanOrEqual(difference.fractionWithinOne, 0.99, "\(image.size) → \(size)", file: file, line: line)
            XCTAssertLessThanOrEqual(difference.maximum, 1, "\(image.size) → \(size)", file: file, line: line)
        }
    }

    func testMatchesPillowOnRealPhotos() throws {
        let landscape = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-faces-2008_001322.jpg"))  // 500×375
        let portrait = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-faces-2008_001009.jpg"))  // 360×480
        let landscapeSizes = [(341, 256), (224, 168), (37, 211), (100, 50), (640, 480), (500, 200), (123, 375), (1, 1)]
        try assertMatchesPillow(landscape, sizes: landscapeSizes.map { ImageSize(width: $0.0, height: $0.1) })
        let portraitSizes = [(256, 341), (61, 47), (400, 600)]
        try assertMatchesPillow(portrait, sizes: portraitSizes.map { ImageSize(width: $0.0, height: $0.1) })
    }

    func testMatchesPillowOnTheLargePhoto() throws {
        let large = try ImageDecoder.decode(contentsOf: LargeJPEG.url())
        try assertMatchesPillow(large, sizes: [ImageSize(width: 341, height: 256)])
    }

    /// The AVX2 passes (used on this machine when it has AVX2) and the portable C ones compute
    /// the same bytes, including at the last pixel of the image, which the AVX2 pass reads
    /// without the byte after it.
    func testPortablePassesGiveTheSameBytes() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-faces-2008_001322.jpg"))  // 500×375
        let sizes = [(341, 256), (37, 211), (1, 1), (640, 480), (500, 100), (123, 375), (499, 374)]
        for (width, height) in sizes {
            let whole = ImageRect(x: 0, y: 0, width: width, height: height)
            let inner = ImageRect(x: width / 3, y: height / 4, width: max(1, width / 2), height: max(1, height / 2))
            for window in [whole, inner] {
                let preferred = image.resized(width: width, height: height, croppingTo: window)
                let previous = sl_resample_force_portable(1)
                let portable = image.resized(width: width, height: height, croppingTo: window)
                sl_resample_force_portable(previous)
                XCTAssertEqual(preferred, portable, "\(width)×\(height), window \(window)")
            }
        }
    }

    /// The AVX2 horizontal pass runs every pixel of a row over the row's longest run of inputs
    /// (zero weights past a pixel's own run): at the image's last column that run would reach
    /// past the pixels. The image here ends exactly where an unreadable page begins, so a read
    /// past it crashes the test instead of passing unnoticed.
    func testTheLastColumnIsNotReadPastTheImage() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let mapping = mmap(nil, 2 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapping != MAP_FAILED else { return XCTFail("mmap failed") }
        defer { munmap(mapping, 2 * pageSize) }
        XCTAssertEqual(mprotect(mapping + pageSize, pageSize, PROT_NONE), 0)
        let (width, height) = (5, 2)
        let count = width * height * 3
        let pixels = mapping.assumingMemoryBound(to: UInt8.self) + pageSize - count
        for index in 0 ..< count { pixels[index] = UInt8(index * 7 % 256) }
        // Output column 0 reads input pixels 0-2, column 1 pixels 3-4 only (zero weight beyond).
        let first = [0, 3], runs = [3, 2]
        let weights: [Int32] = [1 << 20, 2 << 20, 1 << 20, 3 << 20, 1 << 20, 0]
        for portable: Int32 in [0, 1] {
            let previous = sl_resample_force_portable(portable)
            defer { sl_resample_force_portable(previous) }
            var output = [UInt8](repeating: 0, count: 2 * height * 3)
            sl_resample_rows(pixels, pixels + count, width * 3, Int32(height), first, runs, weights, 3, 2, &output)
            // Row 1, column 1: (pixel 8 · 3 + pixel 9) / 4 per channel, rounded.
            let expected = (0 ..< 3).map { channel in
                UInt8((3 * Int(pixels[24 + channel]) + Int(pixels[27 + channel]) + 2) / 4)
            }
            XCTAssertEqual(Array(output[9 ..< 12]), expected, "portable: \(portable)")
        }
    }

    func testResizingToTheSameSizeChangesNothing() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-trashnet-glass21.jpg"))
        XCTAssertEqual(image.resized(width: image.width, height: image.height), image)
    }

    func testResizeWithCropEqualsResizeThenCrop() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-faces-2008_001322.jpg"))
        let sizes = [(341, 256), (500, 256), (341, 375), (600, 450)]
        for (width, height) in sizes {
            let full = image.resized(width: width, height: height)
            for crop in [ImageRect(x: 58, y: 16, width: 224, height: 224), ImageRect(x: 0, y: 0, width: 1, height: 1),
                         ImageRect(x: width - 7, y: height - 5, width: 7, height: 5),
                         ImageRect(x: 0, y: 0, width: width, height: height)] where crop.isNonEmptyAndInside(full.size) {
                XCTAssertEqual(image.resized(width: width, height: height, croppingTo: crop), full.cropped(to: crop),
                               "\(width)×\(height), crop \(crop)")
            }
        }
    }

    func testAResizeToAHugeLengthCostsOnlyItsCrop() throws {
        // A 1×1,000,000 strip resized as classification does (shorter side 256) is 256×256,000,000
        // pixels; a table per output row of the whole length would need gigabytes.
        var pixels = [UInt8](repeating: 0, count: 1_000_000 * 3)
        for row in 0 ..< 1_000_000 { pixels[row * 3] = UInt8(row / 1000 % 256) }
        let strip = RGBImage(width: 1, height: 1_000_000, pixels: pixels)
        let crop = ImageRect(x: 16, y: 128_127_888, width: 224, height: 224)
        let peakBefore = peakResidentBytes()
        let resized = strip.resized(width: 256, height: 256_000_000, croppingTo: crop)
        XCTAssertLessThan(peakResidentBytes() - peakBefore, 256 << 20, "the tables follow the 224-pixel crop")
        XCTAssertEqual(resized.size, ImageSize(width: 224, height: 224))
        // The crop's rows lie around source row 500,500 (256 output rows per source row), in the
        // run of rows 500,000–500,999 whose red is 500 % 256; every column repeats the one column.
        XCTAssertEqual(Set(resized.pixels.enumerated().map { $0.offset % 3 == 0 ? Int($0.element) : -Int($0.element) }),
                       [244, 0], "red 244, green and blue 0 everywhere")
    }
}
