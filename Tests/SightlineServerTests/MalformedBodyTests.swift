// MalformedBodyTests: a chunked upload whose framing is broken — a chunk size that is not hex
// or overflows, a chunk without its CRLF — is the client's fault: answered 400 `bad_request`
// with `Connection: close`, never 500; a JSON name holding a NUL, which the database would keep
// only up to the NUL, is refused 422 rather than acknowledged whole and stored cut; an
// ingredient written with a byte-order mark or a zero-width space is the same ingredient on
// adding and on deleting; a photo 1 pixel wide and 5,000 high is refused 422 from its header.
// On a real server over loopback.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineImaging
import SightlineServer
import XCTest

final class MalformedBodyTests: XCTestCase {
    func testBrokenChunkedFramingIsABadRequest() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            for chunks in ["ffffffffffffffffffff\r\nabc\r\n0\r\n\r\n", "zz\r\nabc\r\n0\r\n\r\n", "3\r\nabcXX0\r\n\r\n",
                           "-1\r\nabc\r\n0\r\n\r\n"] {
                let answer = try await RawHTTPClient.send("""
                    POST /api/v1/classify HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: image/jpeg\r\n\
                    Transfer-Encoding: chunked\r\n\r\n\(chunks)
                    """, port: port)
                XCTAssertEqual(answer.status, 400, "\(chunks.debugDescription): \(answer.head)")
                XCTAssertTrue(answer.body.contains("\"bad_request\""), answer.body)
                XCTAssertTrue(answer.body.contains("not valid HTTP/1.1"), answer.body)
                XCTAssertEqual(answer.header("Connection")?.lowercased(), "close", answer.head)
            }
            let healthy = try await RawHTTPClient.send("GET /healthz HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n",
                                                       port: port)
            XCTAssertEqual(healthy.status, 200, "the server goes on answering")
        }
    }

    func testANameWithANulIsRefusedNotStoredCut() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let added = try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .post,
                                                 headers: ServerTestSupport.headers("application/json"),
                                                 body: ByteBuffer(string: "{\"name\": \"tomato\\u0000 and more\"}"))
            XCTAssertEqual(added.status, .unprocessableContent, String(buffer: added.body))
            XCTAssertEqual(try ServerTestSupport.errorCode(added), "invalid")
            XCTAssertTrue(String(buffer: added.body).contains("NUL"), String(buffer: added.body))
            let list = try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .get)
            XCTAssertFalse(String(buffer: list.body).contains("tomato"), String(buffer: list.body))
        }
    }

    func testAnIngredientWithAByteOrderMarkIsAddedAndDeletedAsTheSameName() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let added = try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .post,
                                                 headers: ServerTestSupport.headers("application/json"),
                                                 body: ByteBuffer(string: "{\"name\": \"\\ufefftomato\\u200b\"}"))
            XCTAssertEqual(added.status, .ok, String(buffer: added.body))
            XCTAssertTrue(String(buffer: added.body).contains("\"ingredients\": [\"tomato\"]"), String(buffer: added.body))
            let deleted = try await client.execute(uri: "/api/v1/kitchen/ingredients/%EF%BB%BFtomato", method: .delete)
            XCTAssertEqual(deleted.status, .ok, String(buffer: deleted.body))
            let list = try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .get)
            XCTAssertFalse(String(buffer: list.body).contains("tomato"), String(buffer: list.body))
        }
    }

    func testAStripOfAPhotoIsRefused422NamingItsShape() async throws {
        let strip = try ImageEncoder.pngData(RGBImage(width: 1, height: 5000, pixels: [UInt8](repeating: 128, count: 5000 * 3)))
        try await ServerTestSupport.withServer { client, _ in
            let response = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                    headers: ServerTestSupport.headers("image/png"), body: ByteBuffer(bytes: strip))
            XCTAssertEqual(response.status, .unprocessableContent, String(buffer: response.body))
            XCTAssertEqual(try ServerTestSupport.errorCode(response), "invalid")
            XCTAssertTrue(String(buffer: response.body).contains("1×5000 pixels: one side is more than 50 times the other"),
                          String(buffer: response.body))
        }
    }
}
