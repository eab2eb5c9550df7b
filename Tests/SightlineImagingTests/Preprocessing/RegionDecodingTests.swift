// Tests for decoding only what a preprocessing reads: the source region of a resize + centre
// crop, the stored rectangle behind an upright one for every EXIF orientation, and the file →
// tensor path (which decodes only that part of a JPEG) giving exactly the values of a whole
// decode for every chroma subsampling, progressive and grayscale files, CMYK and all orientations.
import Foundation
@testable import SightlineImaging
import SightlineTestSupport
import XCTest

final class RegionDecodingTests: XCTestCase {
    private let lite = ImagePreprocessing.efficientNetLite
    /// Crops that are neither square nor the whole shorter side, to tell rows from columns
    /// (with a centred square crop a rotated image needs nearly the same rows as an upright one).
    private let tall = try! ImagePreprocessing(shorterSide: 300, cropWidth: 160, cropHeight: 256,
                                               mean: [0, 0, 0], std: [1, 1, 1], layout: .nhwc)
    private let wide = try! ImagePreprocessing(shorterSide: 300, cropWidth: 256, cropHeight: 160,
                                               mean: [0, 0, 0], std: [1, 1, 1], layout: .nchw)

    func testSourceRegionOfALandscapeAndAPortraitPhoto() {
        // 500×375 → 341×256 (scale 375 / 256 ≈ 1.465), crop 224×224 at (58, 16) — 58.5 rounds to
        // even. Output row 16's centre is source row 16.5 × 1.465 ≈ 24.2, and the filter reaches
        // 1.465 rows either side: it reads from row 23; row 239 reads up to row 351. Columns
        // 58…281 likewise read source columns 84…413.
        let landscape = lite.sourceRegion(for: ImageSize(width: 500, height: 375))
        XCTAssertEqual(landscape, ImageRect(x: 84, y: 23, width: 330, height: 329))
        let portrait = lite.sourceRegion(for: ImageSize(width: 375, height: 500))
        XCTAssertEqual(portrait, ImageRect(x: landscape.y, y: landscape.x, width: landscape.height, height: landscape.width))
        // Without a resize the region is the crop itself.
        XCTAssertEqual(lite.sourceRegion(for: ImageSize(width: 256, height: 300)), ImageRect(x: 16, y: 38, width: 224, height: 224))
    }

    func testPixelsOutsideTheSourceRegionDoNotChangeThePreparedImage() {
        var random = SeededRandom(seed: 7)
        for size in [ImageSize(width: 500, height: 375), ImageSize(width: 375, height: 500), ImageSize(width: 301, height: 299),
                     ImageSize(width: 1000, height: 333), ImageSize(width: 260, height: 900)] {
            for preprocessing in [lite, tall, wide] {
                let pixels = (0 ..< size.width * size.height * 3).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
                let image = RGBImage(width: size.width, height: size.height, pixels: pixels)
                let region = preprocessing.sourceRegion(for: size)
                XCTAssertTrue(region.isNonEmptyAndInside(size), "\(region) in \(size)")
                let columns = region.x ..< region.x + region.width, rows = region.y ..< region.y + region.height
                var blankedPixels = pixels
                for index in 0 ..< size.width * size.height
                where !columns.contains(index % size.width) || !rows.contains(index / size.width) {
                    blankedPixels[index * 3] = 255
                    blankedPixels[index * 3 + 1] = 0
                    blankedPixels[index * 3 + 2] = 255
                }
                let blanked = RGBImage(width: size.width, height: size.height, pixels: blankedPixels)
                XCTAssertEqual(preprocessing.preparedImage(from: blanked), preprocessing.preparedImage(from: image),
                               "\(size), crop \(preprocessing.cropWidth)×\(preprocessing.cropHeight)")
            }
        }
    }

    func testStoredRectMatchesWhatOrientingThePixelsReads() {
        let stored = ImageSize(width: 7, height: 5)
        // Each stored pixel's red value is its row and green its column, so the upright rect's
        // pixels name where they were stored.
        var image = RGBImage(width: stored.width, height: stored.height, color: .black)
        for y in 0 ..< stored.height {
            for x in 0 ..< stored.width { image[x, y] = RGBColor(red: UInt8(y), green: UInt8(x), blue: 0) }
        }
        for orientation in ImageOrientation.allCases {
            let upright = image.applyingOrientation(orientation)
            for rect in [ImageRect(x: 1, y: 2, width: 2, height: 2), ImageRect(x: 0, y: 0, width: 1, height: 1),
                         ImageRect(x: 0, y: 1, width: upright.width, height: 3)] {
                var rows = Set<Int>(), columns = Set<Int>()
                for y in rect.y ..< rect.y + rect.height {
                    for x in rect.x ..< rect.x + rect.width {
                        rows.insert(Int(upright[x, y].red))
                        columns.insert(Int(upright[x, y].green))
                    }
                }
                let storedRect = orientation.storedRect(of: rect, storedSize: stored)
                XCTAssertEqual(Set(storedRect.y ..< storedRect.y + storedRect.height), rows, "orientation \(orientation.rawValue), \(rect)")
                XCTAssertEqual(Set(storedRect.x ..< storedRect.x + storedRect.width), columns, "orientation \(orientation.rawValue), \(rect)")
            }
        }
    }

    /// JPEGs of a real photo with every layout libjpeg treats differently: 4:2:0, 4:2:2 and
    /// 4:4:4 chroma, progressive, grayscale, landscape and portrait, and 4:2:0 with each EXIF
    /// orientation. Made once by Pillow in the temporary directory.
    private static let variants = Result<[URL], Error> {
        let folder = try TemporaryDirectory.shared.file(named: "region-variants")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let listing = try PillowReference.run("""
            import sys, os
            from PIL import Image
            folder, source = sys.argv[1], sys.argv[2]
            photo = Image.open(source).convert('RGB')
            for w, h in ((1203, 901), (901, 1203)):
                big = photo.resize((w, h), Image.Resampling.BICUBIC)
                for name, options in (('420', {'subsampling': 2}), ('422', {'subsampling': 1}),
                                      ('444', {'subsampling': 0}), ('progressive', {'progressive': True})):
                    path = os.path.join(folder, f'{w}x{h}-{name}.jpg')
                    big.save(path, quality=88, **options)
                    print(path)
                path = os.path.join(folder, f'{w}x{h}-gray.jpg')
                big.convert('L').save(path, quality=88)
                print(path)
            big = photo.resize((1203, 901), Image.Resampling.BICUBIC)
            for orientation in range(1, 9):
                exif = Image.Exif()
                exif[0x0112] = orientation
                path = os.path.join(folder, f'exif{orientation}.jpg')
                big.save(path, quality=88, exif=exif.tobytes())
                print(path)
            """, [folder.path, Fixtures.url("photo-grocery-carrot-011.jpg").path])
        return listing.split(separator: "\n").map { URL(fileURLWithPath: String($0)) }
    }

    func testTensorFromAFileEqualsTheTensorOfTheWholeDecodedImage() throws {
        let urls = try Self.variants.get() + Fixtures.photos.map(Fixtures.url)
            + ["cmyk.jpg", "grayscale.jpg", "rotated-exif6.jpg"].map(Fixtures.url) + [LargeJPEG.url()]
        XCTAssertEqual(urls.count, 10 + 8 + 5 + 3 + 1)
        for url in urls {
            for preprocessing in [lite, tall, wide] {
                let whole = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(targetSize: preprocessing.decodeTargetSize))
                let values = try ImageDecoder.tensorValues(contentsOf: url, preprocessing: preprocessing)
                let expected = whole.tensorValues(preprocessing)
                XCTAssertEqual(values.count, expected.count)
                let differing = zip(values, expected).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(url.lastPathComponent), crop \(preprocessing.cropWidth)×\(preprocessing.cropHeight)")
            }
        }
    }

    func testACutShortFileIsStillRefusedWhenItsCropIsWhole() throws {
        // The first 60 % of the tomato photo: the rows the crop needs are partly there, but the
        // file is refused as truncated, as a whole decode refuses it.
        let error = assertImagingError(try ImageDecoder.tensorValues(contentsOf: Fixtures.url("truncated.jpg"), preprocessing: lite))
        guard case .truncatedData(.jpeg, _) = error else { return XCTFail("got \(String(describing: error))") }
    }
}
