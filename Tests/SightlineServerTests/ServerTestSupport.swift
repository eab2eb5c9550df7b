// ServerTestSupport: a real server for the tests — the web server on a loopback port with a
// fresh SQLite store in a temporary folder and the installed models — and the sample photos.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineServer
import SightlineStore
import SightlineTestSupport
import SightlineVision
import XCTest

enum ServerTestSupport {
    /// The models the server's photo routes use, which `make models` installs: a test that
    /// analyses photos requires them (see TestRequirement).
    static let appModels = ["lite0", "mtcnn-pnet", "mtcnn-rnet", "mtcnn-onet", "cat-detector", "cat-breeds",
                            "kitchen-detector", "kitchen-ingredients", "waste-detector", "waste-verifier",
                            "waste-organic", "waste-materials"]

    static func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestRepository.sample(name))
    }

    /// Runs `body` against a live server on a free loopback port with its own store.
    static func withServer(_ configuration: ServerConfiguration = ServerConfiguration(port: 0),
                           models: ModelStore = ModelStore(),
                           _ body: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        let server = WebServer(configuration: configuration, store: store, models: models)
        try await server.application().test(.live) { client in
            try await body(client, folder)
        }
    }

    static func json(_ response: TestResponse, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        return try XCTUnwrap(object as? [String: Any], "not a JSON object: \(String(buffer: response.body))", file: file, line: line)
    }

    /// The error code of an `{"error": {"code", "message"}}` answer.
    static func errorCode(_ response: TestResponse) throws -> String? {
        (try json(response)["error"] as? [String: Any])?["code"] as? String
    }

    static func headers(_ contentType: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        return fields
    }
}
