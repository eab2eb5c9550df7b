// Tests for the DC-only 1/8-scale JPEG decoder (sl_jpeg_decode_eighth): byte for byte the
// pixels libjpeg writes at 1/8 scale (sl_jpeg_decode_region) — for real photos in every chroma
// subsampling, grayscale, restart markers, odd sizes and bands of rows and columns — and, for
// files it does not reproduce or damaged ones, a refusal that leaves them to libjpeg.
import CSightlineJPEG
import CTurboJPEG
import Foundation
import SightlineImaging
import SightlineTestSupport
import XCTest

final class EighthScaleJPEGTests: XCTestCase {
    /// The photos re-encoded by TurboJPEG with each chroma subsampling it writes (4:2:0 chroma is
    /// scaled by 1/4 through libjpeg's 2×2 inverse DCT; the others are replicated).
    func testEverySubsamplingMatchesLibjpegByteForByte() throws {
        let samplings: [(String, TJSAMP)] = [("4:4:4", TJSAMP_444), ("4:2:2", TJSAMP_422), ("4:2:0", TJSAMP_420),
                                             ("4:4:0", TJSAMP_440), ("4:1:1", TJSAMP_411), ("gray", TJSAMP_GRAY)]
        for name in Fixtures.photos {
            let photo = try ImageDecoder.decode(contentsOf: Fixtures.url(name))
            for (label, sampling) in samplings {
                let jpeg = try Self.encode(photo, sampling: sampling, quality: 92)
                try assertSameAsLibjpeg(jpeg, "\(name) \(label)")
            }
        }
    }

    func testCommittedPhotosAndGrayscaleMatchLibjpeg() throws {
        for name in Fixtures.photos + ["grayscale.jpg", "rotated-exif6.jpg"] {
            try assertSameAsLibjpeg(try Fixtures.data(name), name)
        }
    }

    /// Sizes that are not whole blocks or MCUs, down to a single block.
    func testOddSizesMatchLibjpeg() throws {
        let photo = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-grocery-tomato-001.jpg"))
        for (width, height) in [(8, 8), (9, 17), (15, 16), (33, 7), (127, 65), (255, 254)] {
            let crop = photo.cropped(to: ImageRect(x: 11, y: 5, width: width, height: height))
            for sampling in [TJSAMP_420, TJSAMP_422, TJSAMP_444, TJSAMP_GRAY] {
                try assertSameAsLibjpeg(try Self.encode(crop, sampling: sampling, quality: 75), "\(width)×\(height) \(sampling)")
            }
        }
    }

    func testRestartMarkersAndRowBandsMatchLibjpeg() throws {
        let output = try TemporaryDirectory.shared.file(named: "restarts-\(UUID().uuidString)")
        try PillowReference.run("""
            import sys
            from PIL import Image
            photo = Image.open(sys.argv[2])
            photo.save(sys.argv[1] + '-blocks.jpg', quality=85, restart_marker_blocks=5)
            photo.save(sys.argv[1] + '-rows.jpg', quality=85, restart_marker_rows=1, subsampling=0)
            """, [output.path, Fixtures.url("photo-faces-2008_001009.jpg").path])
        for suffix in ["-blocks.jpg", "-rows.jpg"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: output.path + suffix))
            XCTAssertTrue(data.contains(Data([0xFF, 0xD1])), "no restart marker in \(suffix)")
            try assertSameAsLibjpeg(data, suffix)
        }
    }

    /// The 12-megapixel JPEG, whole and in the centre band a classifier reads.
    func testLargePhotoAndItsCentreBandMatchLibjpeg() throws {
        let data = try Data(contentsOf: try LargeJPEG.url())
        try assertSameAsLibjpeg(data, "12 MP")
        try assertSameAsLibjpeg(data, "12 MP band", rows: 40 ..< 330, columns: 60 ..< 440)
    }

    func testFilesItDoesNotReproduceAreDeclined() throws {
        let photo = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-trashnet-glass21.jpg"))
        let progressive = try Self.encode(photo, sampling: TJSAMP_420, quality: 90, flags: TJFLAG_PROGRESSIVE)
        XCTAssertEqual(Self.decode(progressive, eighth: true).status, SL_JPEG_DECLINED, "progressive")
        XCTAssertEqual(Self.decode(try Fixtures.data("cmyk.jpg"), eighth: true).status, SL_JPEG_DECLINED, "CMYK")
        XCTAssertEqual(Self.decode(try Fixtures.data("truncated.jpg"), eighth: true).status, SL_JPEG_DECLINED, "truncated")
        XCTAssertEqual(Self.decode(Data([0xFF, 0xD8, 0xFF]), eighth: true, size: (1, 1)).status, SL_JPEG_DECLINED)
    }

    /// A Huffman table declaring all its codes 1 bit long (more than 1 bit can tell apart):
    /// declined before any table is filled in, and refused by libjpeg as a bogus table.
    func testImpossibleHuffmanTableIsDeclinedAndRefused() throws {
        var bytes = [UInt8](try Fixtures.data("photo-trashnet-glass21.jpg"))
        let table = try XCTUnwrap((0 ..< bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC4 })
        let counts = table + 5   // FF C4, length (2), class and index (1), then 16 counts
        let total = bytes[counts ..< counts + 16].reduce(0) { $0 + Int($1) }
        for length in 0 ..< 16 { bytes[counts + length] = length == 0 ? UInt8(total) : 0 }
        let data = Data(bytes)
        XCTAssertEqual(Self.decode(data, eighth: true).status, SL_JPEG_DECLINED)
        let reference = Self.decode(data, eighth: false)
        XCTAssertEqual(reference.status, SL_JPEG_ERROR)
        XCTAssertTrue(reference.message.contains("Huffman"), reference.message)
    }

    /// Damage anywhere in a photo: either both decoders give the same pixels without complaint,
    /// or the eighth-scale one declines (and libjpeg, which then decodes it, decides).
    func testDamagedFilesAreDeclinedOrDecodedAsLibjpegDoes() throws {
        let originalData = try Fixtures.data("photo-grocery-carrot-011.jpg")
        let original = [UInt8](originalData)
        let header = try Self.header(originalData)
        let size = (width: (header.width + 7) / 8, height: (header.height + 7) / 8)
        var random = SeededRandom(seed: 8)
        var declined = 0, decoded = 0
        for trial in 0 ..< 300 {
            var bytes = original
            let edits = 1 + trial % 3
            for _ in 0 ..< edits {
                let position = Int(random.next() % UInt64(bytes.count))
                bytes[position] = trial % 2 == 0 ? UInt8(truncatingIfNeeded: random.next()) : bytes[position] ^ 0x10
            }
            if trial % 5 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count / 2))) }
            let data = Data(bytes)
            let eighth = Self.decode(data, eighth: true, size: size)
            if eighth.status == SL_JPEG_DECLINED { declined += 1; continue }
            XCTAssertEqual(eighth.status, SL_JPEG_OK, "trial \(trial)")
            let reference = Self.decode(data, eighth: false, size: size)
            XCTAssertEqual(reference.status, SL_JPEG_OK, "trial \(trial): libjpeg said \(reference.message)")
            XCTAssertTrue(eighth.pixels == reference.pixels, "trial \(trial): pixels differ from libjpeg's")
            decoded += 1
        }
        XCTAssertGreaterThan(declined, 0)
        XCTAssertGreaterThan(decoded, 0)
    }

    // MARK: - Helpers

    private func assertSameAsLibjpeg(_ data: Data, _ label: String, rows: Range<Int>? = nil, columns: Range<Int>? = nil,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let header = try Self.header(data)
        let size = (width: (header.width + 7) / 8, height: (header.height + 7) / 8)
        let reference = Self.decode(data, eighth: false, size: size, rows: rows, columns: columns)
        XCTAssertEqual(reference.status, SL_JPEG_OK, "\(label): libjpeg said \(reference.message)", file: file, line: line)
        let eighth = Self.decode(data, eighth: true, size: size, rows: rows, columns: columns)
        XCTAssertEqual(eighth.status, SL_JPEG_OK, "\(label): declined", file: file, line: line)
        XCTAssertTrue(eighth.pixels == reference.pixels, "\(label): pixels differ from libjpeg's", file: file, line: line)
    }

    private static func decode(_ data: Data, eighth: Bool, size: (width: Int, height: Int)? = nil,
                               rows: Range<Int>? = nil, columns: Range<Int>? = nil)
        -> (status: sl_jpeg_status, pixels: [UInt8], message: String) {
        let size = size ?? ((try? header(data)).map { (($0.width + 7) / 8, ($0.height + 7) / 8) } ?? (1, 1))
        let rows = rows ?? 0 ..< size.height, columns = columns ?? 0 ..< size.width
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        var message = [CChar](repeating: 0, count: Int(SL_JPEG_MESSAGE_LENGTH))
        let status = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { out in
                let bytes = raw.bindMemory(to: UInt8.self)
                return eighth
                    ? sl_jpeg_decode_eighth(bytes.baseAddress, bytes.count, out.baseAddress, Int32(size.width),
                                            Int32(size.height), Int32(rows.lowerBound), Int32(rows.upperBound),
                                            Int32(columns.lowerBound), Int32(columns.upperBound))
                    : sl_jpeg_decode_region(bytes.baseAddress, bytes.count, 8, SL_JPEG_RGB, out.baseAddress,
                                            Int32(size.width), Int32(size.height), Int32(rows.lowerBound),
                                            Int32(rows.upperBound), Int32(columns.lowerBound),
                                            Int32(columns.upperBound), 500, &message)
            }
        }
        // Only the band was written: compare just it.
        var band: [UInt8] = []
        for row in rows {
            let start = (row * size.width + columns.lowerBound) * 3
            band += pixels[start ..< start + columns.count * 3]
        }
        return (status, band, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func header(_ data: Data) throws -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw PillowReference.Failure(description: "no TurboJPEG") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, sampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            tjDecompressHeader3(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                                &width, &height, &sampling, &colorspace)
        }
        guard status == 0 else { throw PillowReference.Failure(description: "not a JPEG header") }
        return (Int(width), Int(height))
    }

    private static func encode(_ image: RGBImage, sampling: TJSAMP, quality: Int32, flags: Int32 = 0) throws -> Data {
        guard let handle = tjInitCompress() else { throw PillowReference.Failure(description: "no TurboJPEG") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                        &output, &length, Int32(sampling.rawValue), quality, flags)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { throw PillowReference.Failure(description: "TurboJPEG could not encode") }
        return Data(bytes: output, count: Int(length))
    }
}
