// Tests for ImagePreprocessing: resize/crop sizes with Pillow's rounding, validation messages,
// tensor layouts and values, batching, and the whole file → tensor path against Pillow + numpy.
import Foundation
import SightlineImaging
import XCTest

final class ImagePreprocessingTests: XCTestCase {
    private let lite = ImagePreprocessing.efficientNetLite

    func testEfficientNetLiteSettings() {
        XCTAssertEqual(lite.shorterSide, 256)
        XCTAssertEqual(lite.valueCount, 3 * 224 * 224)
        XCTAssertEqual(lite.tensorShape(batchSize: 8), [8, 3, 224, 224])
        XCTAssertEqual(lite.decodeTargetSize, ImageSize(width: 256, height: 256))
    }

    func testShorterSideResizeRoundsLikePython() {
        XCTAssertEqual(lite.resizedSize(for: ImageSize(width: 500, height: 375)), ImageSize(width: 341, height: 256))
        XCTAssertEqual(lite.resizedSize(for: ImageSize(width: 375, height: 500)), ImageSize(width: 256, height: 341))
        XCTAssertEqual(lite.resizedSize(for: ImageSize(width: 4000, height: 3000)), ImageSize(width: 341, height: 256))
        XCTAssertEqual(lite.resizedSize(for: ImageSize(width: 100, height: 100)), ImageSize(width: 256, height: 256))
        // 513 · 256 / 512 = 256.5, which Python's round() takes to 256.
        XCTAssertEqual(lite.resizedSize(for: ImageSize(width: 512, height: 513)), ImageSize(width: 256, height: 256))
        XCTAssertEqual(lite.resizedSize(for: ImageSize(width: 512, height: 515)), ImageSize(width: 256, height: 258))
    }

    func testWithoutShorterSideTheImageIsResizedToTheCrop() throws {
        let squash = try ImagePreprocessing(shorterSide: nil, cropWidth: 48, cropHeight: 24, mean: [0, 0, 0],
                                            std: [1, 1, 1], layout: .nhwc)
        XCTAssertEqual(squash.resizedSize(for: ImageSize(width: 500, height: 375)), ImageSize(width: 48, height: 24))
        XCTAssertEqual(squash.decodeTargetSize, ImageSize(width: 48, height: 24))
        XCTAssertEqual(squash.tensorShape(), [1, 24, 48, 3])
    }

    func testInvalidSettingsAreRejectedWithReasons() {
        let tooSmall = assertImagingError(try ImagePreprocessing(shorterSide: 200, cropWidth: 224, cropHeight: 224,
                                                                 mean: [0, 0, 0], std: [1, 1, 1], layout: .nchw))
        XCTAssertTrue(tooSmall?.description.contains("shorter side to 200") ?? false, "\(String(describing: tooSmall))")
        let twoMeans = assertImagingError(try ImagePreprocessing(shorterSide: nil, cropWidth: 8, cropHeight: 8,
                                                                 mean: [0, 0], std: [1, 1, 1], layout: .nchw))
        XCTAssertTrue(twoMeans?.description.contains("one value per channel") ?? false)
        let zeroStd = assertImagingError(try ImagePreprocessing(shorterSide: nil, cropWidth: 8, cropHeight: 8,
                                                                mean: [0, 0, 0], std: [1, 0, 1], layout: .nchw))
        guard case .invalidPreprocessing = zeroStd else { return XCTFail("got \(String(describing: zeroStd))") }
        let emptyCrop = assertImagingError(try ImagePreprocessing(shorterSide: nil, cropWidth: 0, cropHeight: 8,
                                                                  mean: [0, 0, 0], std: [1, 1, 1], layout: .nchw))
        XCTAssertTrue(emptyCrop?.description.contains("at least 1×1") ?? false)
    }

    func testTensorLayoutsAndNormalisation() throws {
        // No resize (the crop is the image), so every value can be checked against its pixel.
        var image = RGBImage(width: 4, height: 3, color: .black)
        for y in 0 ..< 3 {
            for x in 0 ..< 4 {
                image[x, y] = RGBColor(red: UInt8(10 * x), green: UInt8(100 + y), blue: UInt8(250 - x - y))
            }
        }
        let mean: [Float] = [1, 2, 3], std: [Float] = [2, 4, 8]
        let planar = try ImagePreprocessing(shorterSide: nil, cropWidth: 4, cropHeight: 3, mean: mean, std: std, layout: .nchw)
        let interleaved = try ImagePreprocessing(shorterSide: nil, cropWidth: 4, cropHeight: 3, mean: mean, std: std, layout: .nhwc)
        let nchw = image.tensorValues(planar), nhwc = image.tensorValues(interleaved)
        for y in 0 ..< 3 {
            for x in 0 ..< 4 {
                let pixel = image[x, y]
                for (channel, sample) in [pixel.red, pixel.green, pixel.blue].enumerated() {
                    let expected = (Float(sample) - mean[channel]) / std[channel]
                    XCTAssertEqual(nchw[channel * 12 + y * 4 + x], expected)
                    XCTAssertEqual(nhwc[(y * 4 + x) * 3 + channel], expected)
                }
            }
        }
    }

    func testOnePixelImageFillsTheWholeTensor() throws {
        let values = try ImageDecoder.tensorValues(contentsOf: Fixtures.url("one-pixel.png"), preprocessing: lite)
        let expected: [Float] = [(12 - 127) / 128, (200 - 127) / 128, (99 - 127) / 128]
        for channel in 0 ..< 3 {
            XCTAssertEqual(Set(values[channel * 224 * 224 ..< (channel + 1) * 224 * 224]), [expected[channel]])
        }
    }

    func testWritingIntoABatchBuffer() throws {
        let images = try ["photo-trashnet-glass21.jpg", "photo-grocery-carrot-011.jpg"].map {
            try ImageDecoder.decode(contentsOf: Fixtures.url($0))
        }
        let count = lite.valueCount
        var batch = [Float](repeating: .nan, count: count * images.count)
        batch.withUnsafeMutableBufferPointer { buffer in
            for (index, image) in images.enumerated() {
                image.writeTensorValues(lite, into: UnsafeMutableBufferPointer(rebasing: buffer[index * count ..< (index + 1) * count]))
            }
        }
        XCTAssertEqual(Array(batch[0 ..< count]), images[0].tensorValues(lite))
        XCTAssertEqual(Array(batch[count...]), images[1].tensorValues(lite))
    }

    /// The reference pipeline in Python for each file: Pillow draft + BILINEAR resize of the
    /// shorter side to 256 + centre crop 224 with round(), then (x − 127) / 128 in numpy, NCHW.
    private func pillowTensors(_ urls: [URL]) throws -> [[Float]] {
        let output = try TemporaryDirectory.shared.file(named: "tensor-\(UUID().uuidString).f32")
        defer { try? FileManager.default.removeItem(at: output) }
        try PillowReference.run("""
            import sys, numpy as np
            from PIL import Image
            with open(sys.argv[1], 'wb') as out:
                for path in sys.argv[2:]:
                    im = Image.open(path)
                    im.draft('RGB', (256, 256))
                    im = im.convert('RGB')
                    w, h = im.size
                    if w <= h:
                        size = (256, round(h * 256 / w))
                    else:
                        size = (round(w * 256 / h), 256)
                    im = im.resize(size, Image.Resampling.BILINEAR)
                    left, top = round((size[0] - 224) / 2), round((size[1] - 224) / 2)
                    im = im.crop((left, top, left + 224, top + 224))
                    x = (np.asarray(im, dtype=np.float32) - 127) / 128
                    out.write(np.ascontiguousarray(x.transpose(2, 0, 1)).tobytes())
            """, [output.path] + urls.map(\.path))
        let values = try Data(contentsOf: output).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let count = lite.valueCount
        return (0 ..< values.count / count).map { Array(values[$0 * count ..< ($0 + 1) * count]) }
    }

    func testFileToTensorMatchesThePillowPipeline() throws {
        let urls = try Fixtures.photos.map(Fixtures.url) + [LargeJPEG.url()]
        let references = try pillowTensors(urls)
        XCTAssertEqual(references.count, urls.count)
        for (url, reference) in zip(urls, references) {
            let values = try ImageDecoder.tensorValues(contentsOf: url, preprocessing: lite)
            XCTAssertEqual(values.count, reference.count)
            let oneStep: Float = 1 / 128 + 1e-6
            let withinOneStep = zip(values, reference).filter { abs($0 - $1) <= oneStep }.count
            let maximum = zip(values, reference).map { abs($0 - $1) }.max() ?? 0
            XCTAssertGreaterThanOrEqual(Double(withinOneStep) / Double(values.count), 0.99, url.lastPathComponent)
            XCTAssertLessThanOrEqual(maximum, 2 * oneStep, url.lastPathComponent)
        }
    }
}
