// FaceDetectorTests: MTCNN face detection on real photos, checked against the reference
// Python implementation the models come from (same faces, boxes within IoU 0.98 — the issue
// asks for 0.9; these photos match to 0.999 — landmarks within half a pixel), plus photos
// without faces, a photo larger than the largest side searched (shrunk, its faces given in its
// own pixels), and the options' checks.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
import SightlineVision
import XCTest

final class FaceDetectorTests: XCTestCase {
    private static let sharedDetector = Result { try FaceDetector(inferenceOptions: InferenceOptions(threads: 2)) }

    private func detector() throws -> FaceDetector {
        try TestRequirement.installedModels("mtcnn-pnet", "mtcnn-rnet", "mtcnn-onet")
        return try Self.sharedDetector.get()
    }

    private static func photo(_ name: String) -> URL {
        TestRepository.url("Tests/SightlineVisionTests/Faces/Photos").appendingPathComponent(name)
    }

    private static let facePhotos = ["2008_001009.jpg", "2008_001322.jpg", "2007_007763.jpg"].map(photo)

    func testFindsTheSameFacesAsTheReference() throws {
        let detector = try detector()
        let expected = try MTCNNReference.faces(in: Self.facePhotos)
        for (photo, referenceFaces) in zip(Self.facePhotos, expected) {
            let faces = try detector.detectFaces(inImageAt: photo)
            assertSameFaces(faces, referenceFaces, photo: photo.lastPathComponent)
        }
        XCTAssertEqual(expected.map(\.count), [2, 3, 7], "the reference should find every annotated face in these photos")
    }

    func testLargerMinimumFaceSizeMatchesTheReference() throws {
        try TestRequirement.installedModels("mtcnn-pnet", "mtcnn-rnet", "mtcnn-onet")
        let options = FaceDetectionOptions(minimumFaceSize: 60)
        let detector = try FaceDetector(options: options, inferenceOptions: InferenceOptions(threads: 2))
        let photo = Self.photo("2008_001322.jpg")
        let expected = try MTCNNReference.faces(in: [photo], minimumFaceSize: 60)[0]
        assertSameFaces(try detector.detectFaces(inImageAt: photo), expected, photo: "2008_001322.jpg at minimum size 60")
    }

    func testFindsNoFacesInPhotosWithoutFaces() throws {
        let detector = try detector()
        for name in ["cabbage.jpg", "zucchini.jpg", "cardboard-box.jpg"] {
            XCTAssertEqual(try detector.detectFaces(inImageAt: TestRepository.sample(name)), [], name)
        }
    }

    func testLandmarksAreInsideTheirFacesAndInOrder() throws {
        let faces = try detector().detectFaces(inImageAt: Self.photo("2008_001009.jpg"))
        XCTAssertEqual(faces.count, 2)
        for face in faces {
            let box = face.boundingBox
            for point in face.landmarks.all {
                XCTAssert(point.x > box.x && point.x < box.x + box.width && point.y > box.y && point.y < box.y + box.height,
                          "landmark \(point) outside its face \(box)")
            }
            XCTAssertLessThan(face.landmarks.leftEye.x, face.landmarks.rightEye.x)
            XCTAssertLessThan(face.landmarks.mouthLeft.x, face.landmarks.mouthRight.x)
            XCTAssertLessThan(max(face.landmarks.leftEye.y, face.landmarks.rightEye.y), face.landmarks.nose.y)
            XCTAssertLessThan(face.landmarks.nose.y, min(face.landmarks.mouthLeft.y, face.landmarks.mouthRight.y))
        }
        XCTAssertGreaterThanOrEqual(faces[0].confidence, faces[1].confidence, "most confident first")
    }

    func testUnreadableFileNamesTheFile() throws {
        try TestRequirement.installedModels("mtcnn-pnet", "mtcnn-rnet", "mtcnn-onet")
        let scratch = try ScratchFolder(testCase: self)
        let notAPhoto = try scratch.write(Data("not an image".utf8), to: "notes.jpg")
        XCTAssertThrowsError(try detector().detectFaces(inImageAt: notAPhoto)) { error in
            guard case FaceDetectionError.unreadableImage(let file, _)? = error as? FaceDetectionError else {
                return XCTFail("expected unreadableImage, got \(error)")
            }
            XCTAssertEqual(file, notAPhoto.path)
        }
    }

    func testAPhotoLargerThanTheLargestSideIsSearchedShrunkWithFacesInItsOwnPixels() throws {
        try TestRequirement.installedModels("mtcnn-pnet", "mtcnn-rnet", "mtcnn-onet")
        let photo = try ImageDecoder.decode(contentsOf: Self.photo("2008_001322.jpg"))
        let atFullSize = try FaceDetector(options: FaceDetectionOptions(largestSide: nil), inferenceOptions: InferenceOptions(threads: 2))
            .detectFaces(in: photo)
        // Enlarged four times, then searched at the photo's own size: the same faces, four times as far out.
        let enlarged = photo.resized(width: photo.width * 4, height: photo.height * 4)
        let shrinking = try FaceDetector(options: FaceDetectionOptions(largestSide: max(photo.width, photo.height)),
                                         inferenceOptions: InferenceOptions(threads: 2))
        let faces = try shrinking.detectFaces(in: enlarged)
        XCTAssertEqual(faces.count, atFullSize.count, "\(faces) vs \(atFullSize)")
        for expected in atFullSize {
            let box = expected.boundingBox
            let scaled = PixelRect(x: box.x * 4, y: box.y * 4, width: box.width * 4, height: box.height * 4)
            let best = faces.map { $0.boundingBox.intersectionOverUnion(with: scaled) }.max() ?? 0
            XCTAssertGreaterThan(best, 0.85, "\(scaled) in \(faces.map(\.boundingBox))")
        }
        XCTAssertTrue(faces.allSatisfy { $0.boundingBox.x + $0.boundingBox.width <= Double(enlarged.width) + 1 })
    }

    func testRejectsInvalidOptions() {
        let invalid = [
            FaceDetectionOptions(largestSide: 11),
            FaceDetectionOptions(minimumFaceSize: 0),
            FaceDetectionOptions(scaleFactor: 1),
            FaceDetectionOptions(scaleFactor: 0),
            FaceDetectionOptions(thresholds: [0.6, 0.7]),
            FaceDetectionOptions(thresholds: [0.6, 1.5, 0.7]),
        ]
        for options in invalid {
            XCTAssertThrowsError(try FaceDetector(options: options)) { error in
                guard case FaceDetectionError.invalidOptions? = error as? FaceDetectionError else {
                    return XCTFail("expected invalidOptions for \(options), got \(error)")
                }
            }
        }
    }

    /// Every reference face matched by a distinct detected face with IoU ≥ 0.98, close
    /// confidence and landmarks within half a pixel, and no extra faces.
    private func assertSameFaces(_ faces: [FaceObservation], _ expected: [ReferenceFace], photo: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(faces.count, expected.count, "\(photo): number of faces", file: file, line: line)
        var unmatched = faces
        for reference in expected {
            guard let best = unmatched.indices.max(by: {
                unmatched[$0].boundingBox.intersectionOverUnion(with: reference.box)
                    < unmatched[$1].boundingBox.intersectionOverUnion(with: reference.box)
            }) else {
                return XCTFail("\(photo): no face found for the reference's \(reference.box)", file: file, line: line)
            }
            let face = unmatched.remove(at: best)
            let overlap = face.boundingBox.intersectionOverUnion(with: reference.box)
            XCTAssertGreaterThanOrEqual(overlap, 0.98, "\(photo): \(face.boundingBox) vs the reference's \(reference.box)",
                                        file: file, line: line)
            XCTAssertEqual(face.confidence, reference.confidence, accuracy: 0.005, "\(photo): confidence", file: file, line: line)
            for (point, expectedPoint) in zip(face.landmarks.all, reference.landmarks) {
                XCTAssertEqual(point.x, expectedPoint.x, accuracy: 0.5, "\(photo): landmark x", file: file, line: line)
                XCTAssertEqual(point.y, expectedPoint.y, accuracy: 0.5, "\(photo): landmark y", file: file, line: line)
            }
        }
    }
}
