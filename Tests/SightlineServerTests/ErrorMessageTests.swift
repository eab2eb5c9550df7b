// ErrorMessageTests: error answers never say where the data directory is, on a real server over
// loopback — a model that is not installed is named by its name only, a database that cannot be
// reached is answered 503 with Retry-After and the file's name only.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineServer
import SightlineStore
import SightlineVision
import XCTest

final class ErrorMessageTests: XCTestCase {
    private static func message(_ response: TestResponse) throws -> String {
        try XCTUnwrap((try ServerTestSupport.json(response)["error"] as? [String: Any])?["message"] as? String)
    }

    func testAMissingModelIsNamedWithoutTheModelsFolder() async throws {
        let models = ModelStore()
        try await ServerTestSupport.withServer(models: models) { client, _ in
            let response = try await client.execute(uri: "/api/v1/models/nope", method: .get)
            XCTAssertEqual(response.status, .notFound)
            XCTAssertEqual(try ServerTestSupport.errorCode(response), "model_not_installed")
            let text = try Self.message(response)
            XCTAssertTrue(text.contains("'nope'"), text)
            XCTAssertFalse(text.contains(models.modelsDirectory.path), "the models folder is named: \(text)")
            XCTAssertFalse(text.contains(models.dataDirectory.path), text)
            XCTAssertFalse(text.contains(" /"), "no absolute path: \(text)")
        }
    }

    func testAnUnreachableDatabaseIs503WithoutItsPath() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-closed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        try store.close()
        let server = WebServer(configuration: ServerConfiguration(port: 0), store: store)
        try await server.application().test(.live) { client in
            for (uri, method) in [("/api/v1/kitchen/ingredients", HTTPRequest.Method.get), ("/api/v1/recognizer/history", .get),
                                  ("/api/v1/waste/consent", .post)] {
                let response = try await client.execute(uri: uri, method: method)
                XCTAssertEqual(response.status, .serviceUnavailable, uri)
                XCTAssertEqual(try ServerTestSupport.errorCode(response), "storage_unavailable", uri)
                XCTAssertEqual(response.headers[.retryAfter], "5", uri)
                let text = try Self.message(response)
                XCTAssertFalse(text.contains(folder.path), "the data directory is named: \(text)")
                XCTAssertTrue(text.contains("database sightline.sqlite"), "the file is named by its name: \(text)")
            }
        }
    }
}
