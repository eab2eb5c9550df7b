// ServerAPITests: the JSON API on a real server over loopback — photos as raw bodies and
// multipart uploads, the CLI's JSON shapes, the Object Recognizer's history round trip, and the
// error answers for bad input (corrupt photo, wrong type, too large, bad parameter, unknown id).
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineImaging
import SightlineServer
import SightlineTestSupport
import XCTest

final class ServerAPITests: XCTestCase {
    func testHealthz() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let response = try await client.execute(uri: "/healthz", method: .get)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(try ServerTestSupport.json(response)["status"] as? String, "ok")
        }
    }

    func testClassifyRawBodyNamesTheCabbage() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        try await ServerTestSupport.withServer { client, _ in
            let response = try await client.execute(uri: "/api/v1/classify?top=3", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(response.status, .ok)
            let json = try ServerTestSupport.json(response)
            XCTAssertEqual(json["file"] as? String, "upload")
            let results = try XCTUnwrap(json["results"] as? [[String: Any]])
            XCTAssertEqual(results.count, 3)
            XCTAssertEqual(results.first?["label"] as? String, "cabbage")
        }
    }

    func testMultipartUploadEchoesOnlyTheFileNameNeverAPath() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        let boundary = "sightline-test-boundary"
        var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"../../etc/cabbage.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        form.append(photo)
        form.append(Data("\r\n--\(boundary)--\r\n".utf8))
        let body = form
        try await ServerTestSupport.withServer { client, _ in
            let response = try await client.execute(
                uri: "/api/v1/recognize?lang=de", method: .post,
                headers: ServerTestSupport.headers("multipart/form-data; boundary=\(boundary)"), body: ByteBuffer(bytes: body))
            XCTAssertEqual(response.status, .ok)
            let json = try ServerTestSupport.json(response)
            XCTAssertEqual(json["file"] as? String, "cabbage.jpg")
            XCTAssertEqual(json["label"] as? String, "cabbage")
            XCTAssertEqual(json["category_name"] as? String, "Obst und Gemüse")
            XCTAssertNil(json["saved_id"], "nothing is saved without save=true")
        }
    }

    func testRecognizerHistoryRoundTrip() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        try await ServerTestSupport.withServer { client, _ in
            let saved = try await client.execute(uri: "/api/v1/recognize?save=true&faces=true", method: .post,
                                                 headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(saved.status, .ok)
            let savedJSON = try ServerTestSupport.json(saved)
            let id = try XCTUnwrap(savedJSON["saved_id"] as? Int)
            XCTAssertEqual(savedJSON["faces_text"] as? String, "No faces found.")

            let list = try ServerTestSupport.json(try await client.execute(uri: "/api/v1/recognizer/history", method: .get))
            let captures = try XCTUnwrap(list["captures"] as? [[String: Any]])
            XCTAssertEqual(captures.map { $0["id"] as? Int }, [id])
            XCTAssertEqual(captures.first?["label"] as? String, "cabbage")

            let image = try await client.execute(uri: "/api/v1/recognizer/history/\(id)/image", method: .get)
            XCTAssertEqual(image.status, .ok)
            XCTAssertEqual(image.headers[.contentType], "image/jpeg")
            XCTAssertEqual(Array(image.body.readableBytesView.prefix(2)), [0xFF, 0xD8])
            let thumbnail = try await client.execute(uri: "/api/v1/recognizer/history/latest/thumbnail", method: .get)
            XCTAssertEqual(thumbnail.status, .ok)

            let deleted = try await client.execute(uri: "/api/v1/recognizer/history/\(id)", method: .delete)
            XCTAssertEqual(try ServerTestSupport.json(deleted)["deleted"] as? Int, 1)
            let gone = try await client.execute(uri: "/api/v1/recognizer/history/\(id)", method: .get)
            XCTAssertEqual(gone.status, .notFound)
            XCTAssertEqual(try ServerTestSupport.errorCode(gone), "not_found")
        }
    }

    func testALargePhotoIsRecognisedAtReducedScaleWithFacesInItsOwnPixels() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        // A photo with faces, enlarged to 4,800 px on its shorter side: decoded at half scale
        // (still at least 2,048 px, the face search's largest side), not whole.
        let fixture = TestRepository.url("Tests/SightlineVisionTests/Faces/Photos/2007_007763.jpg")
        let small = try ImageDecoder.decode(data: Data(contentsOf: fixture))
        let scale = 4800.0 / Double(min(small.width, small.height))
        let (width, height) = (Int((Double(small.width) * scale).rounded()), Int((Double(small.height) * scale).rounded()))
        let photo = try ImageEncoder.jpegData(small.resized(width: width, height: height), quality: 85)
        try await ServerTestSupport.withServer { client, _ in
            let faces = try await client.execute(uri: "/api/v1/faces", method: .post,
                                                 headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(faces.status, .ok)
            let expected = try XCTUnwrap(try ServerTestSupport.json(faces)["faces"] as? [[String: Any]])
            XCTAssertFalse(expected.isEmpty, "the photo has faces")
            let recognized = try await client.execute(uri: "/api/v1/recognize?faces=true&save=true", method: .post,
                                                      headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(recognized.status, .ok)
            let json = try ServerTestSupport.json(recognized)
            let boxes = try XCTUnwrap(json["face_boxes"] as? [[String: Any]])
            XCTAssertEqual(boxes.count, expected.count, "the same faces as the face route finds")
            for (box, face) in zip(boxes, expected) {
                for key in ["x", "y", "width", "height"] {
                    XCTAssertEqual(box[key] as? Double, face[key] as? Double, "\(key): in the uploaded photo's pixels")
                }
            }
            XCTAssertTrue(boxes.contains { ($0["x"] as? Double ?? 0) + ($0["width"] as? Double ?? 0) > Double(width) / 2 + 100 }
                          || boxes.contains { ($0["y"] as? Double ?? 0) > Double(height) / 2 }, "boxes span the full-size photo: \(boxes)")
            let id = try XCTUnwrap(json["saved_id"] as? Int)
            let image = try await client.execute(uri: "/api/v1/recognizer/history/\(id)/image", method: .get)
            let saved = try ImageDecoder.decode(data: Data(image.body.readableBytesView))
            XCTAssertEqual(saved.width, (width + 1) / 2, "kept at the scale it was decoded at")
            XCTAssertEqual(saved.height, (height + 1) / 2)
        }
    }

    func testBadInputGetsAClearJSONError() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        try await ServerTestSupport.withServer { client, _ in
            let corrupt = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                   headers: ServerTestSupport.headers("image/jpeg"),
                                                   body: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]))
            XCTAssertEqual(corrupt.status, .badRequest)
            XCTAssertEqual(try ServerTestSupport.errorCode(corrupt), "unreadable_image")

            let text = try await client.execute(uri: "/api/v1/faces", method: .post,
                                                headers: ServerTestSupport.headers("text/plain"), body: ByteBuffer(string: "hello"))
            XCTAssertEqual(text.status, .unsupportedMediaType)
            XCTAssertEqual(try ServerTestSupport.errorCode(text), "unsupported_media_type")

            let empty = try await client.execute(uri: "/api/v1/faces", method: .post, headers: ServerTestSupport.headers("image/png"))
            XCTAssertEqual(empty.status, .badRequest)

            let language = try await client.execute(uri: "/api/v1/recognizer/categories?lang=fr", method: .get)
            XCTAssertEqual(language.status, .unprocessableContent)
            let message = try XCTUnwrap((try ServerTestSupport.json(language)["error"] as? [String: Any])?["message"] as? String)
            XCTAssertTrue(message.contains("lang"), message)

            let path = try await client.execute(uri: "/api/v1/detect?model=../../etc/passwd", method: .post,
                                                headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(string: "x"))
            XCTAssertEqual(path.status, .unprocessableContent, "a model is named, never given as a path")

            let json = try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .post,
                                                headers: ServerTestSupport.headers("application/json"), body: ByteBuffer(string: "{\"nam\": 1}"))
            XCTAssertEqual(json.status, .badRequest)
            XCTAssertEqual(try ServerTestSupport.errorCode(json), "bad_json")
        }
    }

    func testUploadOverTheLimitIsRefusedNamingTheLimit() async throws {
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, maxUploadBytes: 1 << 10)) { client, _ in
            let response = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(response.status, .contentTooLarge)
            XCTAssertEqual(try ServerTestSupport.errorCode(response), "too_large")
        }
    }

    func testPhotoOverThePixelLimitIsRefusedBeforeDecodingNamingTheLimit() async throws {
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, maxPixels: 10_000)) { client, _ in
            let response = try await client.execute(uri: "/api/v1/faces", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(response.status, .contentTooLarge)
            XCTAssertEqual(try ServerTestSupport.errorCode(response), "too_large")
            let message = try XCTUnwrap((try ServerTestSupport.json(response)["error"] as? [String: Any])?["message"] as? String)
            XCTAssertTrue(message.contains("megapixel"), message)
        }
    }

    func testWasteGuardNeedsConsentFirst() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        try await ServerTestSupport.withServer { client, _ in
            let refused = try await client.execute(uri: "/api/v1/waste?mode=classify", method: .post,
                                                   headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(refused.status, .forbidden)
            XCTAssertEqual(try ServerTestSupport.errorCode(refused), "consent_required")

            let granted = try await client.execute(uri: "/api/v1/waste/consent", method: .post)
            XCTAssertEqual(try ServerTestSupport.json(granted)["granted"] as? Bool, true)

            let report = try await client.execute(uri: "/api/v1/waste?mode=classify", method: .post,
                                                  headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(report.status, .ok)
            let json = try ServerTestSupport.json(report)
            XCTAssertEqual(json["mode"] as? String, "classify")
            XCTAssertNotNil(json["information"] as? String)
        }
    }
}
