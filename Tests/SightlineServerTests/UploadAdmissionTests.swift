// UploadAdmissionTests: uploads are admitted by the bytes they hold, not by inference slots — on a
// real server over loopback: uploads that trickle in hold no slot, so a whole photo sent meanwhile
// is analysed; an upload that would go past the memory budget (`--max-memory-mb`) is refused 503
// `busy` with Retry-After and `Connection: close`, and the budget is given back after each
// request; `MemoryBudget` and `MemoryReservation` on their own.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineImaging
@testable import SightlineServer
import SightlineTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class UploadAdmissionTests: XCTestCase {
    func testSlowUploadsHoldNoSlotAndAWholePhotoIsAnalysed() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        // One slot, no queue: were a trickling upload to wait in a slot, the photo would get 503.
        let configuration = ServerConfiguration(port: 0, inferenceSlots: 1, inferenceQueueLength: 0)
        try await ServerTestSupport.withServer(configuration) { client, _ in
            let port = try XCTUnwrap(client.port)
            let head = "POST /api/v1/classify HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: image/jpeg\r\nContent-Length: 100000\r\n\r\n"
            let slow = try (0 ..< 10).map { _ in try RawHTTPClient.openAfterSending(Array(head.utf8) + [0xFF, 0xD8], port: port) }
            defer { slow.forEach { close($0) } }
            try await Task.sleep(for: .milliseconds(300))
            let response = try await client.execute(uri: "/api/v1/classify", method: .post,
                                                    headers: ServerTestSupport.headers("image/jpeg"), body: ByteBuffer(bytes: photo))
            XCTAssertEqual(response.status, .ok, String(buffer: response.body))
        }
    }

    func testAnUploadPastTheMemoryBudgetIsRefusedBusyAndTheBudgetComesBack() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let photo = try ServerTestSupport.sample("cabbage.jpg")
        let configuration = ServerConfiguration(port: 0, maxMemoryBytes: photo.count)
        try await ServerTestSupport.withServer(configuration) { client, _ in
            let port = try XCTUnwrap(client.port)
            // Twice the photo's bytes are reserved: a budget of one photo's size refuses it.
            let (bytes, closed) = try await RawHTTPClient.sendUntilClosed(
                Array("POST /api/v1/classify HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: image/jpeg\r\nContent-Length: \(photo.count)\r\n\r\n".utf8)
                    + Array(photo), port: port, seconds: 20)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(closed, "the connection is closed: the rest of the body is not read")
            XCTAssertTrue(text.hasPrefix("HTTP/1.1 503"), String(text.prefix(300)))
            XCTAssertTrue(text.contains("\r\nRetry-After: 1\r\n"), String(text.prefix(600)))
            XCTAssertTrue(text.contains("\"busy\""), text)
            XCTAssertTrue(text.contains("memory budget of 0 MiB, --max-memory-mb"), text)
        }
        // The classifier decodes the photo no larger than 512 pixels a side needs (lite0 needs
        // less), 6 bytes a pixel reserved: an upper bound of what its decoding adds.
        let decoded = try XCTUnwrap(ImageDecoder.plannedPixelCount(
            data: photo, options: DecodeOptions(targetSize: ImageSize(width: 512, height: 512)))) * 6
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, maxMemoryBytes: 3 * photo.count + decoded)) { client, _ in
            let port = try XCTUnwrap(client.port)
            // Room for one upload at a time (two hold four times the photo's bytes): each of five
            // in a row is analysed once the one before has given its bytes back (which may take a
            // moment after its answer).
            for number in 1 ... 5 {
                var status = 0
                for _ in 0 ..< 50 where status != 200 {
                    let (bytes, _) = try await RawHTTPClient.sendUntilClosed(
                        Array("POST /api/v1/classify HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: image/jpeg\r\nContent-Length: \(photo.count)\r\nConnection: close\r\n\r\n".utf8)
                            + Array(photo), port: port, seconds: 20)
                    status = RawHTTPAnswer(head: String(decoding: bytes.prefix(200), as: UTF8.self), body: "").status
                    if status == 503 { try await Task.sleep(for: .milliseconds(100)) }
                }
                XCTAssertEqual(status, 200, "upload \(number): the budget is given back after each request")
            }
        }
    }

    func testAReservationGivesItsBytesBackWhenFreed() {
        let budget = MemoryBudget(capacity: 100)
        do {
            let first = MemoryReservation(budget: budget)
            XCTAssertTrue(first.grow(by: 60))
            XCTAssertTrue(first.grow(by: 30))
            let second = MemoryReservation(budget: budget)
            XCTAssertFalse(second.grow(by: 20), "only 10 bytes are left")
            XCTAssertTrue(second.grow(by: 10))
            XCTAssertEqual(budget.inUse, 100)
        }
        XCTAssertEqual(budget.inUse, 0, "both reservations are freed")
    }
}
