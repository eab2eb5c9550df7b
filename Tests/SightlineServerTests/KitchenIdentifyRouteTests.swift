// KitchenIdentifyRouteTests: POST /api/v1/kitchen/identify with the ingredient detector installed
// (the tiny model of KitchenDetectorTestModel): the exact JSON — the original's fields, "method",
// every ingredient found with its boxes, what was added — and the ingredient list it leaves;
// without any ingredient model, 404 naming the model to install.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineImaging
import SightlineServer
import SightlineVision
import XCTest

final class KitchenIdentifyRouteTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-kitchen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A square grey photo: it fills the detector's input, so the boxes are the table's.
    private func photo() throws -> ByteBuffer {
        ByteBuffer(bytes: try ImageEncoder.jpegData(RGBImage(width: 128, height: 128, color: RGBColor(red: 128, green: 128, blue: 128))))
    }

    private static func text(_ response: TestResponse) -> String {
        String(buffer: response.body).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheDetectorAddsEverySureIngredientAndOffersTheOthersWithTheirBoxes() async throws {
        let models = try KitchenDetectorTestModel.store(in: temporaryDirectory())
        let photo = try photo()
        try await ServerTestSupport.withServer(models: models) { client, _ in
            let onion = try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .post,
                                                 headers: ServerTestSupport.headers("application/json"),
                                                 body: ByteBuffer(string: "{\"name\": \"onion\"}"))
            XCTAssertEqual(onion.status, .ok)

            let first = try await client.execute(uri: "/api/v1/kitchen/identify", method: .post,
                                                 headers: ServerTestSupport.headers("image/jpeg"), body: photo)
            XCTAssertEqual(first.status, .ok)
            let tomatoBoxes = "[{\"confidence\": 0.95, \"x\": 0.125, \"y\": 0.125, \"width\": 0.25, \"height\": 0.25}, "
                + "{\"confidence\": 0.6, \"x\": 0.6875, \"y\": 0.1875, \"width\": 0.125, \"height\": 0.125}]"
            let onionBoxes = "[{\"confidence\": 0.85, \"x\": 0.125, \"y\": 0.625, \"width\": 0.25, \"height\": 0.25}]"
            let garlic = "{\"name\": \"garlic\", \"confidence\": 0.5, \"accepted\": false, \"added\": false, \"boxes\": "
                + "[{\"confidence\": 0.5, \"x\": 0.6875, \"y\": 0.6875, \"width\": 0.125, \"height\": 0.125}]}"
            let original = "\"ingredient\": \"tomato\", \"confidence\": 0.95, \"candidates\": [{\"name\": \"tomato\", \"confidence\": 0.95}, "
                + "{\"name\": \"onion\", \"confidence\": 0.85}, {\"name\": \"garlic\", \"confidence\": 0.5}]"
            XCTAssertEqual(Self.text(first), "{\"file\": \"upload\", \"method\": \"detector\", \(original), \"found\": ["
                + "{\"name\": \"tomato\", \"confidence\": 0.95, \"accepted\": true, \"added\": true, \"boxes\": \(tomatoBoxes)}, "
                + "{\"name\": \"onion\", \"confidence\": 0.85, \"accepted\": true, \"added\": false, \"boxes\": \(onionBoxes)}, "
                + "\(garlic)], \"added\": true}")
            let list = try ServerTestSupport.json(try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .get))
            XCTAssertEqual(list["ingredients"] as? [String], ["tomato", "onion"], "the sure ones only; the offered garlic is not added")

            let again = try await client.execute(uri: "/api/v1/kitchen/identify?add=false", method: .post,
                                                 headers: ServerTestSupport.headers("image/jpeg"), body: photo)
            XCTAssertEqual(Self.text(again), "{\"file\": \"upload\", \"method\": \"detector\", \(original), \"found\": ["
                + "{\"name\": \"tomato\", \"confidence\": 0.95, \"accepted\": true, \"added\": false, \"boxes\": \(tomatoBoxes)}, "
                + "{\"name\": \"onion\", \"confidence\": 0.85, \"accepted\": true, \"added\": false, \"boxes\": \(onionBoxes)}, "
                + "\(garlic)], \"added\": false}")
        }
    }

    func testWithoutAnIngredientModelTheAnswerNamesTheOneToInstall() async throws {
        let models = ModelStore(dataDirectory: try temporaryDirectory())
        let photo = try photo()
        try await ServerTestSupport.withServer(models: models) { client, _ in
            let response = try await client.execute(uri: "/api/v1/kitchen/identify", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: photo)
            XCTAssertEqual(response.status, .notFound)
            XCTAssertEqual(try ServerTestSupport.errorCode(response), "model_not_installed")
            let message = try XCTUnwrap((try ServerTestSupport.json(response)["error"] as? [String: Any])?["message"] as? String)
            XCTAssertTrue(message.contains("kitchen-ingredients"), message)
        }
    }
}
