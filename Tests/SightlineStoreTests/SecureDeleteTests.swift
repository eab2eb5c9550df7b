// SecureDeleteTests: deleting a history entry removes its image bytes from the database file
// and from the write-ahead log, not just the row (privacy, issue 8).
import Foundation
import SightlineStore
import XCTest

final class SecureDeleteTests: StoreTestCase {
    /// Slices of `bytes` — start, middle and end — that must not be found in a file.
    private func probes(of bytes: Data) -> [Data] {
        let length = 64
        return [0, bytes.count / 2, bytes.count - length].map { bytes.subdata(in: $0 ..< $0 + length) }
    }

    private func assertContains(_ file: Data, _ bytes: Data, _ expected: Bool, _ what: String,
                                line: UInt = #line) {
        for probe in probes(of: bytes) {
            XCTAssertEqual(file.range(of: probe) != nil, expected, what, line: line)
        }
    }

    func testDeletingACaptureRemovesItsImageBytesFromTheFile() throws {
        let kept = sampleCapture(seed: 100, imageSize: 30_000)
        let deleted = sampleCapture(seed: 200, imageSize: 30_000)
        var deletedID: Int64 = 0
        do {
            let store = try openStore()
            try store.recognitionHistory.add(kept)
            deletedID = try store.recognitionHistory.add(deleted).id!
            try store.close()
        }
        // The check can fail: before the delete both photos are in the file.
        let before = try bytes(of: databaseURL)
        assertContains(before, deleted.image, true, "image present before the delete")
        assertContains(before, deleted.thumbnail, true, "thumbnail present before the delete")

        do {
            let store = try openStore()
            XCTAssertTrue(try store.recognitionHistory.delete(id: deletedID))
            // The log was truncated right after the deletion, while the store is still open.
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: logURL.path)[.size] as? Int, 0)
            try store.close()
        }
        let after = try bytes(of: databaseURL)
        assertContains(after, deleted.image, false, "image gone after the delete")
        assertContains(after, deleted.thumbnail, false, "thumbnail gone after the delete")
        assertContains(after, kept.image, true, "the other capture's image is still there")
    }

    func testDeletingAllScansRemovesTheirPhotoBytesFromTheFile() throws {
        let scans = (1...3).map { sampleCatScan(seed: UInt64($0) * 1_000, photoSize: 20_000) }
        do {
            let store = try openStore()
            for scan in scans {
                try store.catScanHistory.add(scan)
            }
            try store.close()
        }
        let before = try bytes(of: databaseURL)
        for scan in scans {
            assertContains(before, scan.photo, true, "photo present before the delete")
        }

        do {
            let store = try openStore()
            XCTAssertEqual(try store.catScanHistory.deleteAll(), 3)
            try store.close()
        }
        let after = try bytes(of: databaseURL)
        for scan in scans {
            assertContains(after, scan.photo, false, "photo gone after the delete")
            assertContains(after, scan.thumbnail, false, "thumbnail gone after the delete")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: logURL.path), "the log is removed on close")
    }
}
