// LetterboxTests: where a photo lands in the model input (Ultralytics' placement, worked out by
// hand), the grey padding and normalisation of the tensor, its resized content matching the
// Imaging layer's Pillow-exact resize, and the way back to photo coordinates.
import SightlineImaging
@testable import SightlineVision
import XCTest

final class LetterboxTests: XCTestCase {
    func testPlacementKeepsTheAspectRatioAndCentres() {
        // (photo, input) → (content, left, top)
        let cases: [(ImageSize, ImageSize, ImageSize, Int, Int)] = [
            (ImageSize(width: 1280, height: 720), ImageSize(width: 640, height: 640), ImageSize(width: 640, height: 360), 0, 140),
            (ImageSize(width: 500, height: 375), ImageSize(width: 640, height: 640), ImageSize(width: 640, height: 480), 0, 80),
            (ImageSize(width: 375, height: 500), ImageSize(width: 640, height: 640), ImageSize(width: 480, height: 640), 80, 0),
            // 100×33 · 0.64 = 64 × 21.12 → 21 rows; the odd padding row goes to the bottom.
            (ImageSize(width: 100, height: 33), ImageSize(width: 64, height: 64), ImageSize(width: 64, height: 21), 0, 21),
            // 200×125 · 0.32 = 64 × 40 exactly.
            (ImageSize(width: 200, height: 125), ImageSize(width: 64, height: 64), ImageSize(width: 64, height: 40), 0, 12),
            // A rectangular input: 640×480 photo into 320×320 → 320×240.
            (ImageSize(width: 640, height: 480), ImageSize(width: 320, height: 320), ImageSize(width: 320, height: 240), 0, 40),
            // 5×1000 into 64: 0.32 wide rounds to 0, kept at one column.
            (ImageSize(width: 5, height: 1000), ImageSize(width: 64, height: 64), ImageSize(width: 1, height: 64), 31, 0),
        ]
        for (photo, input, content, left, top) in cases {
            let letterbox = Letterbox(imageSize: photo, inputSize: input)
            XCTAssertEqual(letterbox.contentSize, content, "\(photo) into \(input)")
            XCTAssertEqual(letterbox.left, left, "\(photo) into \(input)")
            XCTAssertEqual(letterbox.top, top, "\(photo) into \(input)")
        }
    }

    func testInputCoordinatesMapBackToThePhoto() {
        let letterbox = Letterbox(imageSize: ImageSize(width: 1280, height: 720), inputSize: ImageSize(width: 640, height: 640))
        XCTAssertEqual(letterbox.imageX(fromInputX: 0), 0)
        XCTAssertEqual(letterbox.imageX(fromInputX: 640), 1280)
        XCTAssertEqual(letterbox.imageY(fromInputY: 140), 0)
        XCTAssertEqual(letterbox.imageY(fromInputY: 500), 720)
        XCTAssertEqual(letterbox.imageY(fromInputY: 320), 360)
        XCTAssertEqual(letterbox.imageY(fromInputY: 0), -280)
    }

    func testTensorHasGreyPaddingAndTheResizedPhoto() {
        // A 4×2 photo with distinct pixels into 8×8: scale 2, 8×4 content, 2 rows of padding above.
        var pixels: [UInt8] = []
        for index in 0 ..< 8 { pixels += [UInt8(index * 30), UInt8(255 - index * 30), 7] }
        let photo = RGBImage(width: 4, height: 2, pixels: pixels)
        let letterbox = Letterbox(imageSize: photo.size, inputSize: ImageSize(width: 8, height: 8))
        XCTAssertEqual(letterbox.top, 2)
        let resized = photo.resized(width: 8, height: 4)
        let mean: [Float] = [10, 20, 30], std: [Float] = [2, 4, 5]

        let planes = letterbox.tensorValues(of: photo, mean: mean, std: std, layout: .nchw)
        XCTAssertEqual(planes.count, 3 * 64)
        let interleaved = letterbox.tensorValues(of: photo, mean: mean, std: std, layout: .nhwc)
        for y in 0 ..< 8 {
            for x in 0 ..< 8 {
                let isContent = y >= 2 && y < 6
                let color = isContent ? resized[x, y - 2] : RGBColor(red: 114, green: 114, blue: 114)
                let samples = [color.red, color.green, color.blue]
                for channel in 0 ..< 3 {
                    let expected = (Float(samples[channel]) - mean[channel]) / std[channel]
                    XCTAssertEqual(planes[channel * 64 + y * 8 + x], expected, "NCHW (\(x), \(y)) channel \(channel)")
                    XCTAssertEqual(interleaved[(y * 8 + x) * 3 + channel], expected, "NHWC (\(x), \(y)) channel \(channel)")
                }
            }
        }
    }

    func testPerClassSuppressionKeepsOverlapsOfDifferentClasses() {
        func candidate(_ x: Double, _ classIndex: Int, _ confidence: Double) -> DetectionCandidate {
            DetectionCandidate(centerX: x, centerY: 10, width: 10, height: 10, classIndex: classIndex, confidence: confidence)
        }
        let candidates = [
            candidate(10, 0, 0.6),
            candidate(11, 0, 0.9),  // IoU 9/11 = 0.82 with the first
            candidate(11, 1, 0.7),  // the same place, another class
            candidate(40, 0, 0.5),
            candidate(14, 1, 0.7),  // IoU 7/13 = 0.54 with the other class-1 box; equal confidence
        ]
        let kept = PerClassSuppression.kept(candidates, iouThreshold: 0.6, maximumCount: 10)
        XCTAssertEqual(kept.map(\.confidence), [0.9, 0.7, 0.7, 0.5])
        XCTAssertEqual(kept.map(\.classIndex), [0, 1, 1, 0])
        // Of the equal class-1 boxes the later comes first (MTCNN's tie rule, which the shared suppression keeps).
        XCTAssertEqual(kept[1].x1, 9)
        XCTAssertEqual(PerClassSuppression.kept(candidates, iouThreshold: 0.4, maximumCount: 10).map(\.confidence), [0.9, 0.7, 0.5])
        XCTAssertEqual(PerClassSuppression.kept(candidates, iouThreshold: 0.6, maximumCount: 2).map(\.confidence), [0.9, 0.7])
    }
}
