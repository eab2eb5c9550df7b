// PhotoIndexTests: the photo library's index — files added as jobs (unchanged ones left, changed
// ones redone with their findings dropped), leased in batches that never overlap, leases that
// run out claimable again, findings recorded only by the worker still holding the lease (so no
// photo is recorded twice, even with workers in two stores on one file racing), failures,
// released leases, status with its rate, search by label or category, feature prints and faces.
import Foundation
import SightlineStore
import Synchronization
import XCTest

final class PhotoIndexTests: StoreTestCase {
    private let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private func file(_ name: String, size: Int = 1000, modified: TimeInterval = 0, hashByte: UInt8 = 1) -> IndexedFile {
        IndexedFile(path: "/photos/\(name)", size: size, modifiedAt: start.addingTimeInterval(modified),
                    contentHash: Data(repeating: hashByte, count: 32))
    }

    private func labels(_ pairs: (String, String?, Double)...) -> PhotoFindings {
        PhotoFindings(labels: pairs.map { PhotoFindings.Label(label: $0.0, category: $0.1, confidence: $0.2) })
    }

    func testAddingAgainLeavesUnchangedFilesAndRedoesChangedOnes() throws {
        let index = try openStore().photoIndex
        XCTAssertEqual(try index.add([file("a.jpg"), file("b.jpg"), file("c.jpg")], now: start),
                       .init(added: 3, changed: 0, unchanged: 0))
        let jobs = try index.claim(count: 3, worker: "w", lease: 60, now: start)
        for job in jobs { try index.record(labels(("tabby cat", "Animals", 0.9)), for: job, worker: "w", now: start) }
        XCTAssertEqual(try index.status(now: start).done, 3)

        let addition = try index.add([file("a.jpg"), file("b.jpg", size: 2000), file("c.jpg", hashByte: 2), file("d.jpg")], now: start)
        XCTAssertEqual(addition, .init(added: 1, changed: 2, unchanged: 1))
        let status = try index.status(now: start)
        XCTAssertEqual([status.total, status.done, status.pending], [4, 1, 3])
        XCTAssertEqual(try index.search("cat").map(\.path), ["/photos/a.jpg"], "the changed photos' findings are gone")
    }

    func testBatchesNeverOverlapAndAnExpiredLeaseIsClaimedAgain() throws {
        let index = try openStore().photoIndex
        try index.add((0 ..< 10).map { file("\($0).jpg") }, now: start)
        let first = try index.claim(count: 4, worker: "one", lease: 30, now: start)
        let second = try index.claim(count: 4, worker: "two", lease: 30, now: start)
        XCTAssertEqual(first.map(\.path), (0 ..< 4).map { "/photos/\($0).jpg" })
        XCTAssertTrue(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
        var status = try index.status(now: start)
        XCTAssertEqual([status.pending, status.leased, status.expired], [2, 8, 0])
        XCTAssertEqual(status.workers.map(\.name), ["one", "two"])

        // Worker one is killed; its leases run out and worker three takes its photos (and the two
        // never leased).
        let later = start.addingTimeInterval(31)
        status = try index.status(now: later)
        XCTAssertEqual(status.expired, 8)
        let third = try index.claim(count: 10, worker: "three", lease: 30, now: later)
        XCTAssertEqual(third.count, 10)
        XCTAssertEqual(third.first { $0.id == first[0].id }?.attempts, 2)

        // The killed worker's late write is refused; the new holder's is recorded, once.
        XCTAssertFalse(try index.record(labels(("goldfish", nil, 0.5)), for: first[0], worker: "one", now: later))
        XCTAssertTrue(try index.record(labels(("goldfish", nil, 0.6)), for: third[0], worker: "three", now: later))
        XCTAssertFalse(try index.record(labels(("goldfish", nil, 0.7)), for: third[0], worker: "three", now: later),
                       "recorded once: the lease ended with the first record")
        XCTAssertEqual(try index.search("goldfish").map(\.confidence), [0.6])
    }

    func testFailuresReleasedLeasesAndStatus() throws {
        let index = try openStore().photoIndex
        try index.add([file("a.jpg"), file("b.jpg"), file("c.jpg"), file("d.jpg")], now: start)
        let jobs = try index.claim(count: 4, worker: "w", lease: 60, now: start)
        try index.record(labels(("pizza", "Food", 0.8)), for: jobs[0], worker: "w", now: start.addingTimeInterval(1))
        try index.record(labels(("pizza", "Food", 0.7)), for: jobs[1], worker: "w", now: start.addingTimeInterval(50))
        XCTAssertTrue(try index.fail(jobs[2], worker: "w", message: "The file is not an image.", now: start.addingTimeInterval(51)))
        XCTAssertEqual(try index.release(worker: "w"), 1, "the one photo still leased goes back")

        let status = try index.status(now: start.addingTimeInterval(61), rateWindow: 60)
        XCTAssertEqual([status.total, status.pending, status.leased, status.done, status.failed], [4, 1, 0, 2, 1])
        XCTAssertEqual(status.photosPerSecond, 1.0 / 60, accuracy: 1e-12, "one photo done within the last minute")
        XCTAssertEqual(status.recentFailures.map(\.message), ["The file is not an image."])
        XCTAssertEqual(try index.retryFailed(), 1)
        XCTAssertEqual(try index.status(now: start).pending, 2)
    }

    func testSearchByLabelOrCategoryAndFeaturePrintsAndFaces() throws {
        let index = try openStore().photoIndex
        try index.add([file("cat.jpg"), file("tiger.jpg"), file("pizza.jpg"), file("people.jpg")], now: start)
        let jobs = try index.claim(count: 4, worker: "w", lease: 60, now: start)
        let findings = [
            PhotoFindings(labels: [.init(label: "tabby cat", category: "Animals", confidence: 0.7),
                                   .init(label: "Egyptian cat", category: "Animals", confidence: 0.2)],
                          faceCount: 0, featurePrint: (model: "lite0", vector: [1, 0, 0])),
            PhotoFindings(labels: [.init(label: "tiger", category: "Animals", confidence: 0.6),
                                   .init(label: "tiger cat", category: "Animals", confidence: 0.3)],
                          faceCount: 0, featurePrint: (model: "lite0", vector: [0.6, 0.8, 0])),
            PhotoFindings(labels: [.init(label: "pizza", category: "Food", confidence: 0.95)],
                          faceCount: 0, featurePrint: (model: "lite0", vector: [0, 0, 1])),
            PhotoFindings(labels: [.init(label: "cardigan", category: "Clothing", confidence: 0.4)], faceCount: 3),
        ]
        for (job, found) in zip(jobs, findings) { try index.record(found, for: job, worker: "w", now: start) }

        let cats = try index.search("CAT")
        XCTAssertEqual(cats.map(\.path), ["/photos/cat.jpg", "/photos/tiger.jpg"], "each photo once, most confident first")
        XCTAssertEqual(cats.map(\.label), ["tabby cat", "tiger cat"])
        XCTAssertEqual(cats.map(\.rank), [0, 1])
        XCTAssertEqual(try index.search("animals").count, 2, "by category, in any case")
        XCTAssertEqual(try index.search("cloth").map(\.path), ["/photos/people.jpg"], "part of a category")
        XCTAssertEqual(try index.search("100%"), [], "LIKE's wildcards are plain characters")
        XCTAssertThrowsError(try index.search("  "))

        let prints = try index.featurePrints(model: "lite0")
        XCTAssertEqual(prints.map(\.path), ["/photos/cat.jpg", "/photos/tiger.jpg", "/photos/pizza.jpg"])
        XCTAssertEqual(prints[1].vector, [0.6, 0.8, 0])
        XCTAssertEqual(try index.featurePrints(model: "lite2").count, 0)
        let faces = try index.faceCounts()
        XCTAssertEqual([faces.photos, faces.withFaces, faces.faces], [4, 1, 3])
    }

    func testWorkersInTwoStoresOnOneFileRecordEveryPhotoExactlyOnce() throws {
        let photos = 200
        try openStore().photoIndex.add((0 ..< photos).map { file("\($0).jpg") }, now: start)
        let stores = try [openStore(), openStore()]
        let recorded = Mutex<[Int64: [String]]>([:])
        let daisy = PhotoFindings(labels: [.init(label: "daisy", category: "Plants", confidence: 0.5)])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let index = stores[worker % 2].photoIndex
            let name = "worker-\(worker)"
            while true {
                let jobs = try! index.claim(count: 7, worker: name, lease: 600)
                if jobs.isEmpty { break }
                for job in jobs where try! index.record(daisy, for: job, worker: name) {
                    recorded.withLock { $0[job.id, default: []].append(name) }
                }
            }
        }
        let recordedBy = recorded.withLock { $0 }
        XCTAssertEqual(recordedBy.count, photos)
        XCTAssertTrue(recordedBy.values.allSatisfy { $0.count == 1 }, "no photo recorded twice")
        XCTAssertEqual(try stores[0].photoIndex.status().done, photos)
    }

    func testInvalidFilesAreRefusedWhole() throws {
        let index = try openStore().photoIndex
        var short = file("b.jpg")
        short.contentHash = Data(count: 16)
        XCTAssertThrowsError(try index.add([file("a.jpg"), short])) { error in
            XCTAssert("\(error)".contains("content hash"), "\(error)")
        }
        XCTAssertThrowsError(try index.add([file("a.jpg"), file("c.jpg", size: -1)]))
        XCTAssertEqual(try index.status().total, 0)
    }
}
