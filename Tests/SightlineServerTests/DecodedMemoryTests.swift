// DecodedMemoryTests: a photo's decoded pixels count against the memory budget — reserved from
// the header before decoding, at the scale the route decodes at; a photo whose pixels could not
// fit even in an empty budget is 413 `too_large` naming the budget, one that does not fit now 503
// `busy` — and WasteGuard, the detect route and Kitchen's detector decode a large JPEG no larger
// than they need (so every photo route analyses one within a budget far below its full size),
// WasteGuard and detect giving their boxes in the uploaded photo's pixels. Real photos (Tests/SightlineAppsTests/Fixtures,
// see LICENSES.md) on a real server, and `PhotoDecoding` against a budget of its own.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import SightlineServer
import SightlineImaging
import SightlineTestSupport
import XCTest

final class DecodedMemoryTests: XCTestCase {
    private static let fixture = TestRepository.url("Tests/SightlineAppsTests/Fixtures/can-and-bottle-on-cabbages.jpg")

    private func upload(_ data: Data, budget: MemoryBudget) -> PhotoUpload {
        let reservation = MemoryReservation(budget: budget)
        XCTAssertTrue(reservation.grow(by: 2 * data.count))
        return PhotoUpload(data: data, fileName: "photo", reservation: reservation)
    }

    func testTheDecodedPixelsAreReservedAtTheScaleTheRouteDecodesAt() throws {
        let budget = MemoryBudget(capacity: 64 << 20)
        let png = try ImageEncoder.pngData(RGBImage(width: 400, height: 300, color: RGBColor(red: 10, green: 200, blue: 30)))
        let pngUpload = upload(png, budget: budget)
        let image = try PhotoDecoding.decode(pngUpload, maxPixels: 1_000_000)
        XCTAssertEqual(image.size, ImageSize(width: 400, height: 300))
        XCTAssertEqual(budget.inUse, 2 * png.count + 400 * 300 * PhotoDecoding.heldBytesPerPixel)

        let jpeg = try ImageEncoder.jpegData(RGBImage(width: 4000, height: 3000, color: RGBColor(red: 90, green: 90, blue: 90)))
        let jpegUpload = upload(jpeg, budget: budget)
        let before = budget.inUse
        let (reduced, fullSize) = try PhotoDecoding.decode(jpegUpload, maxPixels: 100_000_000, targetSize: ImageSize(width: 512, height: 512))
        XCTAssertEqual(fullSize, ImageSize(width: 4000, height: 3000))
        XCTAssertEqual(reduced.size, ImageSize(width: 1000, height: 750), "a quarter: an eighth would be under 512")
        XCTAssertEqual(budget.inUse - before, 1000 * 750 * PhotoDecoding.heldBytesPerPixel, "reserved at the reduced scale")
        _ = (pngUpload, jpegUpload)
    }

    func testAPhotoLargerThanTheBudgetIs413AndOneThatDoesNotFitNow503() throws {
        let png = try ImageEncoder.pngData(RGBImage(width: 2000, height: 1000, color: RGBColor(red: 0, green: 0, blue: 0)))
        let small = MemoryBudget(capacity: 8 << 20)
        XCTAssertThrowsError(try PhotoDecoding.decode(upload(png, budget: small), maxPixels: 100_000_000)) { error in
            let apiError = error as? APIError
            XCTAssertEqual(apiError?.status, .contentTooLarge)
            XCTAssertEqual(apiError?.code, "too_large")
            XCTAssertTrue(apiError?.message.contains("--max-memory-mb") == true, "\(String(describing: apiError))")
        }

        let shared = MemoryBudget(capacity: 16 << 20)
        let holder = MemoryReservation(budget: shared)
        XCTAssertTrue(holder.grow(by: 10 << 20), "another request holds most of the budget")
        let waiting = upload(png, budget: shared)
        XCTAssertThrowsError(try PhotoDecoding.admit(waiting, maxPixels: 100_000_000, targetSize: nil)) { error in
            let apiError = error as? APIError
            XCTAssertEqual(apiError?.status, .serviceUnavailable)
            XCTAssertEqual(apiError?.code, "busy")
            XCTAssertEqual(apiError?.headers[.retryAfter], "1")
        }
        _ = holder
    }

    func testEveryPhotoRouteAnalysesALargeJPEGWithinABudgetBelowItsFullSize() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        // 4,800 × 4,800 pixels would hold 132 MiB decoded whole; the budget is 48 MiB.
        let small = try ImageDecoder.decode(data: Data(contentsOf: Self.fixture))
        let large = try ImageEncoder.jpegData(small.resized(width: 4800, height: 4800), quality: 90)
        let configuration = ServerConfiguration(port: 0, maxMemoryBytes: 48 << 20)
        try await ServerTestSupport.withServer(configuration) { client, _ in
            _ = try await client.execute(uri: "/api/v1/waste/consent", method: .post)
            for route in ["/api/v1/classify", "/api/v1/recognize?save=false", "/api/v1/faces", "/api/v1/waste?mode=check",
                          "/api/v1/cat?save=false", "/api/v1/kitchen/identify?add=false", "/api/v1/detect?model=waste-detector"] {
                let response = try await client.execute(uri: route, method: .post, headers: ServerTestSupport.headers("image/jpeg"),
                                                        body: ByteBuffer(bytes: large))
                XCTAssertEqual(response.status, .ok, "\(route): \(String(buffer: response.body).prefix(300))")
            }
        }
    }

    func testWasteAndDetectGiveALargePhotosBoxesInItsOwnPixels() async throws {
        try TestRequirement.installedModels(ServerTestSupport.appModels)
        let small = try ImageDecoder.decode(data: Data(contentsOf: Self.fixture))
        let factor = 16
        let large = try ImageEncoder.jpegData(small.resized(width: small.width * factor, height: small.height * factor), quality: 90)
        let smallJPEG = try Data(contentsOf: Self.fixture)
        try await ServerTestSupport.withServer { client, _ in
            func post(_ uri: String, _ photo: Data) async throws -> [String: Any] {
                let response = try await client.execute(uri: uri, method: .post, headers: ServerTestSupport.headers("image/jpeg"),
                                                        body: ByteBuffer(bytes: photo))
                XCTAssertEqual(response.status, .ok, String(buffer: response.body))
                return try ServerTestSupport.json(response)
            }
            func boxes(_ objects: Any?, key: String?) throws -> [[Double]] {
                let list = try XCTUnwrap(objects as? [[String: Any]])
                return try list.map { object in
                    let box = try XCTUnwrap((key.map { object[$0] } ?? object) as? [String: Any])
                    return ["x", "y", "width", "height"].map { box[$0] as? Double ?? .nan }
                }
            }
            func assertScaled(_ largeBoxes: [[Double]], _ smallBoxes: [[Double]], _ route: String) {
                XCTAssertFalse(smallBoxes.isEmpty, "\(route) finds the can and the bottle")
                for box in smallBoxes {
                    let scaled = box.map { $0 * Double(factor) }
                    let closest = largeBoxes.min { a, b in
                        zip(a, scaled).map { abs($0 - $1) }.max()! < zip(b, scaled).map { abs($0 - $1) }.max()!
                    }
                    let distance = closest.map { zip($0, scaled).map { abs($0 - $1) }.max()! } ?? .infinity
                    XCTAssertLessThan(distance, 0.05 * Double(small.width * factor), "\(route): \(box) × \(factor) ≈ \(String(describing: closest))")
                }
            }
            let smallDetected = try await post("/api/v1/detect?model=waste-detector", smallJPEG)
            let largeDetected = try await post("/api/v1/detect?model=waste-detector", large)
            assertScaled(try boxes(largeDetected["objects"], key: nil), try boxes(smallDetected["objects"], key: nil), "detect")

            _ = try await client.execute(uri: "/api/v1/waste/consent", method: .post)
            let smallWaste = try await post("/api/v1/waste?mode=check", smallJPEG)
            let largeWaste = try await post("/api/v1/waste?mode=check", large)
            let image = try XCTUnwrap(largeWaste["image"] as? [String: Any])
            XCTAssertEqual(image["width"] as? Int, small.width * factor, "the uploaded photo's size")
            assertScaled(try boxes(largeWaste["objects"], key: "box"), try boxes(smallWaste["objects"], key: "box"), "waste")
        }
    }
}
